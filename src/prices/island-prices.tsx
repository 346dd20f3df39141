/**
 * Live prices inside a static island (src/components/static-island.tsx): a list kept from
 * the server's HTML shows the build's prices, which are right until the visitor's currency
 * differs from the build's or the catalogue's live prices arrive. From then on each price
 * slot of the island (an element marked `data-price-slot="<event id>"`) gets a LivePrice
 * rendered into it through a portal, in place of the server's text; until then nothing is
 * mounted, so keeping the list costs no component per price.
 */
import type React from "react";
import { useLayoutEffect, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import type { EventCardData } from "../core/catalogue";
import { useCurrencyCode } from "../currency/currency-context";
import { LivePrice } from "./live-price";
import { useAnyPriceKnown } from "./price-context";

export type PricedEvent = Pick<EventCardData, "id" | "eventSourceId" | "minPrice" | "currencyCode">;

/** The attribute that marks where an island's price of one event is: its value is the event's id. */
export const PRICE_SLOT = "data-price-slot";

/** One slot: the server's text gives way to the live price in the same commit, before paint. */
function PriceSlot({ slot, event }: { slot: HTMLElement; event: PricedEvent }): React.ReactPortal {
  const [serverNodes] = useState(() => Array.from(slot.childNodes));
  useLayoutEffect(() => {
    for (const node of serverNodes) node.remove();
  }, [serverNodes]);
  return createPortal(
    <LivePrice
      eventSourceId={event.eventSourceId}
      fallbackPrice={event.minPrice}
      fallbackCurrency={event.currencyCode}
    />,
    slot,
  );
}

export function IslandPrices({
  island,
  events,
}: {
  island: HTMLElement;
  events: readonly PricedEvent[];
}): React.JSX.Element | null {
  const { code } = useCurrencyCode();
  // the currency of the first render: the build's, which the kept prices are in
  const [builtIn] = useState(code);
  const ids = useMemo(() => events.map((event) => event.eventSourceId), [events]);
  const known = useAnyPriceKnown(ids);
  // once the prices are React's they stay so (the server's text is gone from the slots)
  const [live, setLive] = useState(false);
  if (!live && (code !== builtIn || known)) setLive(true);
  const slots = useMemo(() => {
    if (!live) return [];
    const byId = new Map(events.map((event) => [String(event.id), event]));
    // the kept HTML never changes, so a slot's place among them is its identity
    return Array.from(island.querySelectorAll<HTMLElement>(`[${PRICE_SLOT}]`)).flatMap((slot, place) => {
      const event = byId.get(slot.getAttribute(PRICE_SLOT) ?? "");
      return event ? [{ slot, event, key: `${place}:${event.id}` }] : [];
    });
  }, [live, island, events]);
  if (slots.length === 0) return null;
  return (
    <>
      {slots.map(({ slot, event, key }) => (
        <PriceSlot key={key} slot={slot} event={event} />
      ))}
    </>
  );
}
