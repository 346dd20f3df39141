/**
 * The one shared live price map: prices come from the catalogue in the visitor's currency
 * and are merged by event id into one store every price on the page reads.
 *
 * Prices are asked for by event_source_id. Everything that shows a price (LivePrice, or a
 * page through usePriceRefresh) registers its ids in an effect; all registrations of one
 * commit are batched, so a page with forty cards makes ONE /v2/events_prices request,
 * once the currency is settled and the browser is idle, and again when the currency
 * changes. Non-React code can fire the UPDATE_PRICES window event with `detail: { ids }`
 * (a non-empty list of event ids) to have those prices fetched and merged the same way.
 *
 * The prices live in a store outside React state: each LivePrice subscribes to its own
 * event's entry, so an answer re-renders only the prices it changed, not every price of the
 * page, and the provider's context value never changes. An answer re-renders them in a
 * transition, in slices the browser can interrupt: forty cards' prices are not one long task
 * (useSyncExternalStore's updates would be: they cannot be transitions).
 */

import type { ReactNode } from "react";
import { startTransition, useCallback, useContext, useEffect, useRef, useState } from "react";
import { loadCatalogueClient } from "../clients/load-catalogue-client";
import type { EventPrice } from "../core/catalogue";
import { useCurrency } from "../currency/currency-context";
import { isHydrating } from "../kernel/hydration-phase";
import { sharedContext } from "../kernel/shared-contexts";
import { whenIdle } from "../kernel/when-idle";
import { normaliseIds } from "./merge-prices";

export const UPDATE_PRICES_EVENT = "UPDATE_PRICES";

/** What is known of one event's price. */
export interface PriceEntry {
  /** the last answer for it, in whatever currency it was asked for */
  price: EventPrice | null;
  /** the currency in which asking for it has finished (answered, left out, or failed) */
  doneIn: string | null;
}

const NOTHING_YET: PriceEntry = { price: null, doneIn: null };

/** One entry per event; an entry object is replaced only when it changes. */
export class PriceStore {
  private entries = new Map<number, PriceEntry>();
  private listeners = new Map<number, Set<() => void>>();

  entry(id: number): PriceEntry {
    return this.entries.get(id) ?? NOTHING_YET;
  }

  subscribe(id: number, listener: () => void): () => void {
    let set = this.listeners.get(id);
    if (!set) {
      set = new Set();
      this.listeners.set(id, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Asking for `ids` in `currencyCode` finished with `answer` (empty when it failed). */
  settle(ids: readonly number[], currencyCode: string, answer: readonly EventPrice[]): void {
    const answered = new Map(answer.map((price) => [price.id, price]));
    const changed: number[] = [];
    for (const id of new Set([...ids, ...answered.keys()])) {
      const before = this.entry(id);
      const fresh = answered.get(id);
      const price = fresh ?? before.price;
      const doneIn = ids.includes(id) ? currencyCode : before.doneIn;
      if (price === before.price && doneIn === before.doneIn) continue;
      if (fresh && before.price && samePrice(fresh, before.price) && doneIn === before.doneIn) continue;
      this.entries.set(id, { price, doneIn });
      changed.push(id);
    }
    for (const id of changed) for (const listener of this.listeners.get(id) ?? []) listener();
  }
}

function samePrice(a: EventPrice, b: EventPrice): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

interface PriceValue {
  store: PriceStore;
  /** announce ids to price; returns the unregister function */
  register(ids: readonly number[]): () => void;
}

const PriceContext = sharedContext<PriceValue | null>(null);

async function fetchPrices(ids: number[], currencyCode: string): Promise<EventPrice[]> {
  // the catalogue client (and axios) load on first use, not with every page
  const client = await loadCatalogueClient();
  return client.eventsPrices(ids, currencyCode);
}

export function PriceProvider({ children }: { children: ReactNode }) {
  const { code, settled } = useCurrency();
  const [store] = useState(() => new PriceStore());
  const [tick, setTick] = useState(0);
  /** ids shown on the page now, with how many registrations hold each */
  const active = useRef(new Map<number, number>());
  /** ids registered since the last request */
  const fresh = useRef(new Set<number>());
  /** the currency of the last request */
  const pricedIn = useRef<string | null>(null);

  const register = useCallback((ids: readonly number[]) => {
    const wanted = normaliseIds(ids);
    if (wanted.length === 0) return () => {};
    let added = false;
    for (const id of wanted) {
      const held = active.current.get(id) ?? 0;
      active.current.set(id, held + 1);
      // an id already shown was asked for with it (or will be): asking again would repeat the answer
      if (held === 0) {
        fresh.current.add(id);
        added = true;
      }
    }
    if (added) setTick((n) => n + 1);
    return () => {
      for (const id of wanted) {
        const held = (active.current.get(id) ?? 1) - 1;
        if (held <= 0) active.current.delete(id);
        else active.current.set(id, held);
      }
    };
  }, []);

  useEffect(() => {
    const onUpdatePrices = (event: Event) => {
      const ids = (event as CustomEvent<{ ids?: unknown }>).detail?.ids;
      if (!Array.isArray(ids)) return;
      const wanted = normaliseIds(ids.filter((id): id is number => typeof id === "number"));
      if (wanted.length === 0) return;
      for (const id of wanted) fresh.current.add(id);
      setTick((n) => n + 1);
    };
    window.addEventListener(UPDATE_PRICES_EVENT, onUpdatePrices);
    return () => window.removeEventListener(UPDATE_PRICES_EVENT, onUpdatePrices);
  }, []);

  useEffect(() => {
    if (!settled || !code) return;
    // What to ask is decided when the browser is idle, so registrations of the next commits
    // join the same request. Never later: a page in another currency than its build's shows
    // placeholders until its prices come, and the visitor waits for them without touching
    // anything (issue 33); in the build's own currency they are fresher for it.
    return whenIdle(() => {
      let ids: number[];
      if (pricedIn.current !== code) {
        ids = normaliseIds([...active.current.keys(), ...fresh.current]);
        pricedIn.current = code;
      } else {
        ids = normaliseIds(fresh.current);
      }
      fresh.current.clear();
      if (ids.length === 0) return;
      fetchPrices(ids, code)
        .then((answer) => store.settle(ids, code, answer))
        // the build-time price stays on screen; nothing to tell the visitor
        .catch(() => store.settle(ids, code, []));
    });
  }, [tick, code, settled, store]);

  const [value] = useState<PriceValue>(() => ({ store, register }));
  return <PriceContext.Provider value={value}>{children}</PriceContext.Provider>;
}

function usePriceValue(): PriceValue {
  const value = useContext(PriceContext);
  if (!value) throw new Error("prices must be read inside <PriceProvider>");
  return value;
}

/** Only the function that announces ids to price; stable for the life of the provider. */
export function usePriceRegister(): PriceValue["register"] {
  return usePriceValue().register;
}

/** What is known of one event's live price; re-renders only when that changes. */
export function usePriceEntry(eventSourceId: number): PriceEntry {
  const { store } = usePriceValue();
  const subscribe = useCallback(
    (listener: () => void) => store.subscribe(eventSourceId, listener),
    [store, eventSourceId],
  );
  const read = useCallback(() => store.entry(eventSourceId), [store, eventSourceId]);
  return useStoreValue(subscribe, read, NOTHING_YET);
}

/** Whether asking for the price of any of `eventSourceIds` has finished; re-renders when that turns true. */
export function useAnyPriceKnown(eventSourceIds: readonly number[]): boolean {
  const { store } = usePriceValue();
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = eventSourceIds.map((id) => store.subscribe(id, listener));
      return () => {
        for (const stop of stops) stop();
      };
    },
    [store, eventSourceIds],
  );
  const read = useCallback(() => eventSourceIds.some((id) => store.entry(id).doneIn !== null), [store, eventSourceIds]);
  return useStoreValue(subscribe, read, false);
}

/**
 * What `read` gives, re-rendered in a transition when the store says it changed. While the page
 * hydrates, what the server rendered (`atServer`); a part mounting later reads the store at once.
 */
function useStoreValue<T>(subscribe: (listener: () => void) => () => void, read: () => T, atServer: T): T {
  const [value, setValue] = useState<T>(() => (isHydrating() ? atServer : read()));
  useEffect(() => {
    const update = () => startTransition(() => setValue(read()));
    const stop = subscribe(update);
    // what changed between the render and this subscription
    update();
    return stop;
  }, [subscribe, read]);
  return value;
}
