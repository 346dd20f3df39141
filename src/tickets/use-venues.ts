import { useEffect, useState } from "react";
import type { Lang } from "../catalogue/types";
import { loadCatalogueClient } from "../clients/load-catalogue-client";
import { openStreetMapUrl } from "../components/map-link";
import type { Venue } from "./ticket-view";

/**
 * Addresses and map links of the venues an order's tickets are for. An order names its
 * places by id and title only, so the address comes from the catalogue (its places list:
 * the catalogue has no lookup by id). Until it answers, or if it does not, the cards show
 * the venue's title alone: a ticket must never wait for a map link.
 */
export function useVenues(ids: readonly number[], lang: Lang): ReadonlyMap<number, Venue> {
  const [venues, setVenues] = useState<ReadonlyMap<number, Venue>>(new Map());
  const key = [...ids].sort((a, b) => a - b).join(",");

  useEffect(() => {
    if (key === "") return;
    let live = true;
    const wanted = new Set(key.split(",").map(Number));
    loadCatalogueClient()
      .then((client) => client.listAllPlaces(lang))
      .then((places) => {
        if (!live) return;
        const found = new Map<number, Venue>();
        for (const p of places) {
          if (!wanted.has(p.id)) continue;
          found.set(p.id, { title: p.title, address: p.address, mapUrl: openStreetMapUrl(p, p.location.title) });
        }
        setVenues(found);
      })
      .catch(() => {
        /* titles only: the order already names each venue */
      });
    return () => {
      live = false;
    };
  }, [key, lang]);

  return venues;
}
