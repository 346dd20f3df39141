/**
 * Live prices inside a static island (src/components/static-island.tsx): a list kept from
 * the server's HTML shows the build's prices, which are right until the visitor's currency
 * differs from the build's or the catalogue's live prices arrive. From then on a price slot
 * of the island (an element marked `data-price-slot="<event id>"`) whose price shows something
 * else than the server's text (another currency, another live price, a price the build did not
 * have) gets a LivePrice rendered into it through a portal, in place of that text; until then
 * nothing is mounted, so keeping the list costs no component per price. A slot whose live price
 * is the one it already shows keeps the server's text: rewriting every slot with the same words
 * (37 on the home page) cost a phone 13 ms of work under Lighthouse's trace.
 */
import type React from "react";
import { useLayoutEffect, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import type { EventCardData } from "../core/catalogue";
import { useCurrencyCode } from "../currency/currency-context";
import { LivePrice } from "./live-price";
import { type PriceEntry, useAnyPriceKnown, usePriceEntry } from "./price-context";
import { shownPrice } from "./shown-price";

export type PricedEvent = Pick<EventCardData, "id" | "eventSourceId" | "minPrice" | "currencyCode">;

/** The attribute that marks where an island's price of one event is: its value is the event's id. */
export const PRICE_SLOT = "data-price-slot";

/** One slot taken over: the server's text gives way to the live price in the same commit, before paint. */
function LiveSlot({ slot, event }: { slot: HTMLElement; event: PricedEvent }): React.ReactPortal {
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

/** Whether LivePrice, in the build's currency `code`, would show something else than the slot's server text. */
function showsOtherPrice(slot: HTMLElement, event: PricedEvent, entry: PriceEntry, code: string): boolean {
  const server = slot.querySelector("[data-event-source-id]");
  const shown = shownPrice(entry, code, event.minPrice, event.currencyCode);
  if (!server || server.hasAttribute("data-pending")) return shown !== "pending";
  if (shown === "pending") return false;
  if (shown === "none") return server.getAttribute("data-value") !== "";
  return (
    String(shown.value) !== server.getAttribute("data-value") ||
    shown.currency.toUpperCase() !== server.getAttribute("data-currency")
  );
}

/** One slot: the server's text while it is what the live price would show, then LiveSlot for good. */
function PriceSlot({
  slot,
  event,
  code,
  otherCurrency,
}: {
  slot: HTMLElement;
  event: PricedEvent;
  code: string;
  otherCurrency: boolean;
}): React.JSX.Element | null {
  const entry = usePriceEntry(event.eventSourceId);
  const [taken, setTaken] = useState(false);
  if (!taken && (otherCurrency || showsOtherPrice(slot, event, entry, code))) setTaken(true);
  return taken ? <LiveSlot slot={slot} event={event} /> : null;
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
  // from then on each slot follows its price (PriceSlot)
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
        <PriceSlot key={key} slot={slot} event={event} code={code} otherCurrency={code !== builtIn} />
      ))}
    </>
  );
}
