/**
 * The live ticket offers (available, max_per_order) of the events in the basket, so the
 * cart's steppers stop where the server would refuse. Without them (still loading, or the
 * catalogue unreachable) the steppers are open and the server has the last word.
 */

import { useCatalogueAnswer } from "../clients/use-catalogue-answer";
import type { TicketOffer } from "../core/catalogue";

const NONE: ReadonlyMap<number, TicketOffer> = new Map();

export function useTicketOffers(
  eventSourceIds: readonly number[],
  currencyCode: string,
): ReadonlyMap<number, TicketOffer> {
  const ids = [...new Set(eventSourceIds)].sort((a, b) => a - b);
  // without a currency there are no prices to ask for; the steppers stay open meanwhile
  const key = ids.length > 0 && currencyCode ? `${ids.join(",")}|${currencyCode}` : "";
  return useCatalogueAnswer(
    key,
    async (client) => {
      const answers = await Promise.allSettled(ids.map((id) => client.datesPrices(id, currencyCode)));
      const offers = new Map<number, TicketOffer>();
      for (const answer of answers) {
        if (answer.status !== "fulfilled") continue;
        for (const session of answer.value) for (const offer of session.tickets) offers.set(offer.id, offer);
      }
      return offers;
    },
    NONE,
  );
}
