/**
 * The one shared live price map: prices come from the catalogue in the visitor's currency
 * and are merged by event id into one map every price on the page reads.
 *
 * Prices are asked for by event_source_id. Everything that shows a price (LivePrice, or a
 * page through usePriceRefresh) registers its ids in an effect; all registrations of one
 * commit are batched, so a page with forty cards makes ONE /v2/events_prices request,
 * once the currency is settled, and again when the currency changes. Non-React code can
 * fire the UPDATE_PRICES window event with `detail: { ids }` (a non-empty list of event
 * ids) to have those prices fetched and merged the same way.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { loadCatalogueClient } from "../clients/load-catalogue-client";
import type { EventPrice } from "../core/catalogue";
import { useCurrency } from "../currency/currency-context";
import { mergePrices, normaliseIds, type PriceMap } from "./merge-prices";

export const UPDATE_PRICES_EVENT = "UPDATE_PRICES";

export interface PriceValue {
  prices: PriceMap;
  /** id -> the currency in which asking for it has finished (answered, left out, or failed) */
  done: Readonly<Record<number, string>>;
  /** announce ids to price; returns the unregister function */
  register(ids: readonly number[]): () => void;
}

const PriceContext = createContext<PriceValue | null>(null);
/**
 * `register` alone, in a context of its own whose value never changes: a list that only
 * announces its events (usePriceRefresh) must not re-render, with all its cards, every time
 * a price arrives; only the LivePrice elements that show prices do.
 */
const PriceRegisterContext = createContext<PriceValue["register"] | null>(null);

async function fetchPrices(ids: number[], currencyCode: string): Promise<EventPrice[]> {
  // the catalogue client (and axios) load on first use, not with every page
  const client = await loadCatalogueClient();
  return client.eventsPrices(ids, currencyCode);
}

export function PriceProvider({ children }: { children: ReactNode }) {
  const { code, settled } = useCurrency();
  const [prices, setPrices] = useState<PriceMap>({});
  const [done, setDone] = useState<Record<number, string>>({});
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
    for (const id of wanted) {
      active.current.set(id, (active.current.get(id) ?? 0) + 1);
      fresh.current.add(id);
    }
    setTick((n) => n + 1);
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
    let ids: number[];
    if (pricedIn.current !== code) {
      ids = normaliseIds([...active.current.keys(), ...fresh.current]);
      pricedIn.current = code;
    } else {
      ids = normaliseIds(fresh.current);
    }
    fresh.current.clear();
    if (ids.length === 0) return;
    const finish = () =>
      setDone((prev) => {
        const next = { ...prev };
        for (const id of ids) next[id] = code;
        return next;
      });
    fetchPrices(ids, code)
      .then((answer) => {
        setPrices((map) => mergePrices(map, answer));
        finish();
      })
      .catch(() => {
        // the build-time price stays on screen; nothing to tell the visitor
        finish();
      });
  }, [tick, code, settled]);

  const value = useMemo<PriceValue>(() => ({ prices, done, register }), [prices, done, register]);
  return (
    <PriceRegisterContext.Provider value={register}>
      <PriceContext.Provider value={value}>{children}</PriceContext.Provider>
    </PriceRegisterContext.Provider>
  );
}

/** Only the function that announces ids to price; stable for the life of the provider. */
export function usePriceRegister(): PriceValue["register"] {
  const register = useContext(PriceRegisterContext);
  if (!register) throw new Error("usePriceRegister() must be used inside <PriceProvider>");
  return register;
}

export function usePrices(): PriceValue {
  const value = useContext(PriceContext);
  if (!value) throw new Error("usePrices() must be used inside <PriceProvider>");
  return value;
}
