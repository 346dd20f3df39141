/**
 * The visitor's basket for every view of the page (header count, ticket picker, cart,
 * checkout summary).
 *
 * - Starts loading, loads GET /api/basket in the selected currency, then is replaced by
 *   every basket announced through the UPDATE_BASKET window event (docs/ARCHITECTURE.md) — whoever
 *   changed it (this provider, the checkout after creating an order, ...).
 * - Changes are shown at once (optimistic), sent one after another so the server sees
 *   them in the order the visitor made them, and rolled back with a toast naming the
 *   reason when the server refuses or cannot be reached.
 * - The selected tickets are mirrored in sessionStorage (`basket_tickets`) so the header
 *   count can show before the basket has loaded; read only in an effect.
 */

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import type { BasketApiError, BasketClient } from "../clients/basket-client";
import { lazyBasketClient } from "../clients/load-basket-client";
import { browserConfig } from "../config";
import type { Lang } from "../core/catalogue";
import type { Basket } from "../core/order";
import { isSessionOver } from "../core/sessions";
import { useCurrency } from "../currency/currency-context";
import { whenIdle } from "../kernel/when-idle";
import { useToasts } from "../toasts/toast-context";
import { basketErrorKey } from "./error-messages";
import { basketReducer, initialBasketState, type LocalChange, type TicketToAdd, visibleBasket } from "./reducer";
import { countSelected, readSelectedTickets, writeSelectedTickets } from "./storage";
import { type BasketTotals, basketTotals } from "./totals";

export const UPDATE_BASKET_EVENT = "UPDATE_BASKET";

/** Tells every view of the basket (in this page) that this is the basket now. */
export function announceBasket(basket: Basket): void {
  window.dispatchEvent(new CustomEvent<Basket>(UPDATE_BASKET_EVENT, { detail: basket }));
}

export interface BasketValue {
  /** the basket and order API in this page's language, for the order pages too */
  client: BasketClient;
  basket: Basket;
  /** true until the first answer of GET /api/basket */
  loading: boolean;
  /** the basket could not be loaded (server down); it is retried */
  unavailable: boolean;
  totals: BasketTotals;
  /** tickets in the basket as far as known: the stored hint until loaded; null when unknown */
  count: number | null;
  /** changes sent but not yet answered */
  busy: boolean;
  addTicket(item: TicketToAdd, count: number): Promise<boolean>;
  updateTicket(ticketId: number, count: number): Promise<boolean>;
  deleteTicket(ticketId: number): Promise<boolean>;
  deleteEvent(eventId: number): Promise<boolean>;
  clear(): Promise<boolean>;
  /** fetch the basket again (e.g. after an order was created) */
  reload(): Promise<void>;
}

const BasketContext = createContext<BasketValue | null>(null);

const RETRY_DELAYS_MS = [3_000, 6_000, 12_000, 30_000];

export function BasketProvider({ children, language }: { children: ReactNode; language: Lang }) {
  const { code, settled } = useCurrency();
  const toasts = useToasts();
  const [state, dispatch] = useReducer(basketReducer, code, initialBasketState);
  const [storedCount, setStoredCount] = useState<number | null>(null);
  const codeRef = useRef(code);
  codeRef.current = code;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const nextOpId = useRef(1);
  const failures = useRef(0);
  const [failedLoads, setFailedLoads] = useState(0);
  // One client per page language: titles in answers follow the page the visitor reads. Its
  // code loads with its first request; every failure it reports is a BasketApiError.
  const client = useMemo(() => lazyBasketClient({ baseUrl: browserConfig().basketApiUrl, lang: language }), [language]);

  useEffect(() => {
    setStoredCount(countSelected(readSelectedTickets(window.sessionStorage)));
  }, []);

  useEffect(() => {
    const onUpdate = (event: Event) => {
      const basket = (event as CustomEvent<Basket>).detail;
      if (basket && Array.isArray(basket.events)) dispatch({ type: "BASKET_REPLACED", basket });
    };
    window.addEventListener(UPDATE_BASKET_EVENT, onUpdate);
    return () => window.removeEventListener(UPDATE_BASKET_EVENT, onUpdate);
  }, []);

  /**
   * Every request to the basket API waits for the one before: the server sees changes in
   * the order they were made, a load never lands after (and undoes) a later change, and a
   * new visitor's first requests do not race for two session cookies.
   */
  const enqueue = useCallback(<T,>(task: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(task);
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  const fetchBasket = useCallback(
    async (currencyCode: string, quiet: boolean) => {
      try {
        const basket = await client.getBasket(currencyCode);
        // a currency switch while this was under way: the newer load wins
        if (currencyCode !== codeRef.current) return;
        failures.current = 0;
        dispatch({ type: "LOAD_SUCCEEDED", basket });
        announceBasket(basket);
      } catch (error) {
        failures.current += 1;
        setFailedLoads(failures.current);
        dispatch({ type: "LOAD_FAILED" });
        if (!quiet) toasts.notify("error", basketErrorKey(error as BasketApiError));
      }
    },
    [toasts, client],
  );

  const load = useCallback(
    (currencyCode: string, quiet: boolean) => enqueue(() => fetchBasket(currencyCode, quiet)),
    [enqueue, fetchBasket],
  );

  // (Re)load when the currency is known or changes (the server prices the basket) and when
  // the visitor switches language (the server words the titles): once the browser is idle
  // after the page's start, not at a first touch, because a visitor may be waiting for it
  // (the header shows the stored count meanwhile).
  useEffect(() => {
    if (!settled || !code) return;
    return whenIdle(() => void load(code, false));
  }, [settled, code, load]);

  // The server is down: try again, less and less often, silently.
  useEffect(() => {
    if (!state.loadFailed || !code) return;
    const delay = RETRY_DELAYS_MS[Math.min(failedLoads - 1, RETRY_DELAYS_MS.length - 1)] ?? 30_000;
    const timer = window.setTimeout(() => void load(code, true), delay);
    const onOnline = () => void load(code, true);
    window.addEventListener("online", onOnline);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("online", onOnline);
    };
  }, [state.loadFailed, failedLoads, code, load]);

  const basket = useMemo(() => visibleBasket(state), [state]);
  const totals = useMemo(() => basketTotals(basket), [basket]);

  useEffect(() => {
    if (state.loading || state.loadFailed || state.pending.length > 0) return;
    writeSelectedTickets(window.sessionStorage, totals.total.selectedTickets);
    setStoredCount(totals.total.count);
  }, [state.loading, state.loadFailed, state.pending.length, totals]);

  const run = useCallback(
    (change: LocalChange, adding?: TicketToAdd): Promise<boolean> => {
      const opId = nextOpId.current++;
      dispatch({ type: "CHANGE_STARTED", pending: { opId, change, adding } });
      return enqueue(async () => {
        const currencyCode = codeRef.current;
        try {
          const answer =
            change.type === "CLEAR"
              ? await client.clearBasket(currencyCode)
              : await client.changeBasket(change, currencyCode);
          dispatch({ type: "CHANGE_SUCCEEDED", opId, basket: answer });
          announceBasket(answer);
          return true;
        } catch (error) {
          const apiError = error as BasketApiError;
          dispatch({ type: "CHANGE_FAILED", opId });
          toasts.notify("error", basketErrorKey(apiError));
          // refused on the merits: what the server holds may have moved on (others bought)
          // (queued behind this task, so it runs after it)
          if (!apiError.network) void load(currencyCode, true);
          return false;
        }
      });
    },
    [toasts, load, enqueue, client],
  );

  const value = useMemo<BasketValue>(
    () => ({
      client,
      basket,
      loading: state.loading,
      unavailable: state.loadFailed,
      totals,
      count: state.loading || state.loadFailed ? storedCount : totals.total.count,
      busy: state.pending.length > 0,
      addTicket: (item, count) => {
        // a page left open overnight still offers yesterday's session: refuse it here
        const end = item.sessionEndsAt ?? item.ticket.startedAt;
        if (end && isSessionOver({ startedAt: end, finishedAt: null }, Date.now())) {
          toasts.notify("error", "toast.sessionOver");
          return Promise.resolve(false);
        }
        return run({ type: "ADD_TICKET", ticket: { id: item.ticket.id, count } }, item);
      },
      updateTicket: (id, count) =>
        count <= 0
          ? run({ type: "DELETE_TICKET", ticket: { id } })
          : run({ type: "UPDATE_TICKET", ticket: { id, count } }),
      deleteTicket: (id) => run({ type: "DELETE_TICKET", ticket: { id } }),
      deleteEvent: (id) => run({ type: "DELETE_EVENT", event: { id } }),
      clear: () => run({ type: "CLEAR" }),
      reload: () => load(codeRef.current, false),
    }),
    [client, basket, state.loading, state.loadFailed, state.pending.length, totals, storedCount, run, load, toasts],
  );
  return <BasketContext.Provider value={value}>{children}</BasketContext.Provider>;
}

export function useBasket(): BasketValue {
  const value = useContext(BasketContext);
  if (!value) throw new Error("useBasket() must be used inside <BasketProvider>");
  return value;
}
