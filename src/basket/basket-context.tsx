/**
 * The visitor's basket for every view of the page (header count, ticket picker, cart,
 * checkout summary).
 *
 * The provider is thin, so that the basket's code is not in any page's start-up JavaScript
 * (issue 36): until the engine (./basket-engine.tsx) is loaded, which happens when the
 * browser is first idle after the start, the basket is "loading" with the count stored by an
 * earlier page, and an action asked for meanwhile loads the engine at once and runs on it.
 * From then on the value is the engine's.
 */

import {
  type ComponentType,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { lazyBasketClient } from "../clients/load-basket-client";
import { browserConfig } from "../config";
import type { Lang } from "../core/catalogue";
import { emptyBasket } from "../core/order";
import { useCurrencyCode } from "../currency/currency-context";
import { sharedContext } from "../kernel/shared-contexts";
import { whenIdle } from "../kernel/when-idle";
import type { BasketEngineProps, BasketValue } from "./basket-value";
import { countSelected, readSelectedTickets } from "./storage";
import { basketTotals } from "./totals";

export { announceBasket, type BasketValue, UPDATE_BASKET_EVENT } from "./basket-value";

const BasketContext = sharedContext<BasketValue | null>(null);

type Engine = ComponentType<BasketEngineProps>;

let engineLoading: Promise<Engine> | null = null;

/** The engine's code, once per page load; a chunk that failed to load is tried again next time. */
function loadEngine(): Promise<Engine> {
  if (engineLoading === null) {
    const loading = import(/* webpackChunkName: "basket-engine" */ "./basket-engine").then((m) => m.BasketEngine);
    loading.catch(() => {
      if (engineLoading === loading) engineLoading = null;
    });
    engineLoading = loading;
  }
  return engineLoading;
}

/** An action asked for before the engine was there: run on the engine's value, or failed with its chunk. */
interface Deferred {
  run(engine: BasketValue): void;
  fail(error: unknown): void;
}

export function BasketProvider({ children, language }: { children: ReactNode; language: Lang }) {
  const { code } = useCurrencyCode();
  // One client per page language: titles in answers follow the page the visitor reads. Its
  // code loads with its first request; every failure it reports is a BasketApiError.
  const client = useMemo(() => lazyBasketClient({ baseUrl: browserConfig().basketApiUrl, lang: language }), [language]);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [published, setPublished] = useState<BasketValue | null>(null);
  const [storedCount, setStoredCount] = useState<number | null>(null);
  const deferred = useRef<Deferred[]>([]);

  const start = useCallback(() => {
    loadEngine().then(
      (loaded) => startTransition(() => setEngine(() => loaded)),
      // offline for a moment: what waits fails as a chunk that did not load (gatsby-browser.tsx
      // then loads the page again); without an action, the next action or page tries again
      (error: unknown) => {
        for (const action of deferred.current.splice(0)) action.fail(error);
      },
    );
  }, []);

  useEffect(() => {
    const stored = countSelected(readSelectedTickets(window.sessionStorage));
    startTransition(() => setStoredCount(stored));
    return whenIdle(start);
  }, [start]);

  useEffect(() => {
    if (!published) return;
    for (const action of deferred.current.splice(0)) action.run(published);
  }, [published]);

  const waiting = useMemo<BasketValue>(() => {
    const later =
      <A extends unknown[], R>(pick: (engine: BasketValue) => (...args: A) => Promise<R>) =>
      (...args: A): Promise<R> =>
        new Promise<R>((resolve, reject) => {
          deferred.current.push({
            run: (engineValue) => pick(engineValue)(...args).then(resolve, reject),
            fail: reject,
          });
          start();
        });
    const basket = emptyBasket(code);
    return {
      client,
      basket,
      loading: true,
      unavailable: false,
      totals: basketTotals(basket),
      count: storedCount,
      busy: false,
      addTicket: later((v) => v.addTicket),
      updateTicket: later((v) => v.updateTicket),
      deleteTicket: later((v) => v.deleteTicket),
      deleteEvent: later((v) => v.deleteEvent),
      clear: later((v) => v.clear),
      reload: later((v) => v.reload),
    };
  }, [client, code, storedCount, start]);

  const Engine = engine;
  return (
    <BasketContext.Provider value={published ?? waiting}>
      {children}
      {Engine ? <Engine client={client} publish={setPublished} storedCount={storedCount} /> : null}
    </BasketContext.Provider>
  );
}

export function useBasket(): BasketValue {
  const value = useContext(BasketContext);
  if (!value) throw new Error("useBasket() must be used inside <BasketProvider>");
  return value;
}
