/**
 * The basket's engine (src/basket/basket-context.tsx has the provider and the hook): the
 * reducer over pending changes, the queue of requests, the retries, the totals and the
 * `basket_tickets` mirror. Its code is not in the start-up JavaScript: the provider mounts it
 * when the browser is first idle after the start, or at once when the visitor acts first.
 *
 * - Starts loading, loads GET /api/basket in the selected currency, then is replaced by
 *   every basket announced through the UPDATE_BASKET window event (docs/ARCHITECTURE.md) — whoever
 *   changed it (this engine, the checkout after creating an order, ...).
 * - Changes are shown at once (optimistic), sent one after another so the server sees
 *   them in the order the visitor made them, and rolled back with a toast naming the
 *   reason when the server refuses or cannot be reached.
 * - The selected tickets are mirrored in sessionStorage (`basket_tickets`) so the header
 *   count can show before the basket has loaded; read only in an effect.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import type { BasketApiError } from "../clients/basket-client";
import type { Basket } from "../core/order";
import { isSessionOver } from "../core/sessions";
import { useCurrency } from "../currency/currency-context";
import { useToasts } from "../toasts/toast-context";
import { announceBasket, type BasketEngineProps, type BasketValue, UPDATE_BASKET_EVENT } from "./basket-value";
import { basketErrorKey } from "./error-messages";
import { basketReducer, initialBasketState, type LocalChange, type TicketToAdd, visibleBasket } from "./reducer";
import { writeSelectedTickets } from "./storage";
import { basketTotals } from "./totals";

const RETRY_DELAYS_MS = [3_000, 6_000, 12_000, 30_000];

/**
 * The basket itself: loads it, applies and sends the visitor's changes, and hands each new
 * value to the provider (`publish`). Mounted by BasketProvider when the browser is first idle,
 * or at once when something asks the basket to act; renders nothing.
 */
export function BasketEngine({ client, publish, storedCount: storedAtStart }: BasketEngineProps): null {
  const { code, settled } = useCurrency();
  const toasts = useToasts();
  const [state, dispatch] = useReducer(basketReducer, code, initialBasketState);
  const [storedCount, setStoredCount] = useState<number | null>(storedAtStart);
  const codeRef = useRef(code);
  codeRef.current = code;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const nextOpId = useRef(1);
  const failures = useRef(0);
  const [failedLoads, setFailedLoads] = useState(0);
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
  // the visitor switches language (the server words the titles). The engine itself is mounted
  // once the browser is idle after the page's start (or at the visitor's first action), so
  // this is not start-up work, and no later: a visitor may be waiting for it.
  useEffect(() => {
    if (!settled || !code) return;
    void load(code, false);
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
  // before the browser paints: a change shows in the same frame as before the split
  useLayoutEffect(() => publish(value), [publish, value]);
  return null;
}
