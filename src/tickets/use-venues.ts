import { useCatalogueAnswer } from "../clients/use-catalogue-answer";
import type { Lang } from "../core/catalogue";
import { openStreetMapUrl } from "../core/map-link";
import type { Venue } from "./ticket-view";

const NONE: ReadonlyMap<number, Venue> = new Map();

/**
 * Addresses and map links of the venues an order's tickets are for. An order names its
 * places by id and title only, so the address comes from the catalogue (its places list:
 * the catalogue has no lookup by id). Until it answers, or if it does not, the cards show
 * the venue's title alone: a ticket must never wait for a map link.
 */
export function useVenues(ids: readonly number[], lang: Lang): ReadonlyMap<number, Venue> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const key = wanted.length > 0 ? `${wanted.join(",")}|${lang}` : "";
  return useCatalogueAnswer(
    key,
    async (client) => {
      const places = await client.listAllPlaces(lang);
      const found = new Map<number, Venue>();
      for (const p of places) {
        if (!wanted.includes(p.id)) continue;
        found.set(p.id, { title: p.title, address: p.address, mapUrl: openStreetMapUrl(p, p.location.title) });
      }
      return found;
    },
    NONE,
  );
}
