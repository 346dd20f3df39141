/**
 * The order a page is about, read from its URL and loaded from the basket API.
 *
 * The order pages are built once, without any order; the id is only in the visitor's URL
 * (a path segment on the client-only pages, `?order=` on the outcome pages). So the first
 * render, on the server and in the browser alike, is the "pending" shell, and the URL is
 * read in an effect: the page hydrates without a mismatch and then fills in.
 */
import { useCallback, useEffect, useState } from "react";
import { useBasket } from "../basket/basket-context";
import { isBasketApiError } from "../clients/basket-client";
import type { Order } from "../core/order";

export type OrderView =
  /** before the browser has read the URL: the build-time shell */
  | { kind: "pending" }
  /** the URL names no order: the page's empty template */
  | { kind: "none" }
  | { kind: "loading"; id: string }
  | { kind: "ready"; order: Order }
  /** not this session's order, or no such order (the API does not tell them apart) */
  | { kind: "not-found"; id: string }
  /** no answer: worth trying again */
  | { kind: "error"; id: string };

export interface UrlLike {
  pathname: string;
  search: string;
}

export interface UseOrder {
  view: OrderView;
  reload(): void;
  /** read the order again without going back to "loading" (polling); false if that failed */
  refresh(): Promise<boolean>;
  /** replace the shown order with a fresher copy (say, the answer of a payment) */
  setOrder(order: Order): void;
}

export function useOrderFromUrl(location: UrlLike, idOf: (location: UrlLike) => string | null): UseOrder {
  const [view, setView] = useState<OrderView>({ kind: "pending" });
  const [attempt, setAttempt] = useState(0);
  const { pathname, search } = location;
  const { client } = useBasket();

  useEffect(() => {
    const orderId = idOf({ pathname, search });
    if (!orderId) {
      setView({ kind: "none" });
      return;
    }
    let current = true;
    setView({ kind: "loading", id: orderId });
    client.getOrder(orderId).then(
      (order) => {
        if (current) setView({ kind: "ready", order });
      },
      (error: unknown) => {
        if (!current) return;
        const missing = isBasketApiError(error) && (error.status === 404 || error.status === 400);
        setView(missing ? { kind: "not-found", id: orderId } : { kind: "error", id: orderId });
      },
    );
    return () => {
      current = false;
    };
    // idOf is a module-level function at every call site: the URL is what changes.
  }, [pathname, search, attempt, client]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setOrder = useCallback((order: Order) => setView({ kind: "ready", order }), []);
  const refresh = useCallback(async (): Promise<boolean> => {
    const orderId = idOf({ pathname, search });
    if (!orderId) return false;
    try {
      setView({ kind: "ready", order: await client.getOrder(orderId) });
      return true;
    } catch {
      return false;
    }
  }, [pathname, search, client]);
  return { view, reload, refresh, setOrder };
}
