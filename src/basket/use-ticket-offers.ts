/**
 * The live ticket offers (available, max_per_order) of the events in the basket, so the
 * cart's steppers stop where the server would refuse. Without them (still loading, or the
 * catalogue unreachable) the steppers are open and the server has the last word.
 */
import { useEffect, useState } from "react";
import { loadCatalogueClient } from "../clients/load-catalogue-client";
import type { TicketOffer } from "../catalogue/types";

export function useTicketOffers(
  eventSourceIds: readonly number[],
  currencyCode: string,
): ReadonlyMap<number, TicketOffer> {
  const [offers, setOffers] = useState<ReadonlyMap<number, TicketOffer>>(new Map());
  const key = [...new Set(eventSourceIds)].sort((a, b) => a - b).join(",");

  useEffect(() => {
    if (!key || !currencyCode) return;
    let current = true;
    const ids = key.split(",").map(Number);
    loadCatalogueClient()
      .then((client) => Promise.allSettled(ids.map((id) => client.datesPrices(id, currencyCode))))
      .then((answers) => {
        if (!current) return;
        const next = new Map<number, TicketOffer>();
        for (const answer of answers) {
          if (answer.status !== "fulfilled") continue;
          for (const session of answer.value) for (const offer of session.tickets) next.set(offer.id, offer);
        }
        setOffers(next);
      })
      .catch(() => {
        // the steppers stay open; the server still refuses what it must
      });
    return () => {
      current = false;
    };
  }, [key, currencyCode]);

  return offers;
}
