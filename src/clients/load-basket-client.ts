/**
 * The page's basket client, whose code loads with its first request. The basket provider
 * makes one on every page at start-up, but no visitor waits for its requests before the
 * page is interactive (they run when the browser is idle): the client, its reshaping of
 * answers and axios after it stay out of the start-up JavaScript.
 *
 * Every rejection is a BasketApiError, as from the client itself; a chunk that could not
 * load is a network failure (`network: true`).
 */
import type { BasketApiError, BasketClient, BasketClientOptions } from "./basket-client";

/** What `toBasketApiError` makes of `error`; when its module cannot load either, a network failure. */
async function asBasketApiError(error: unknown): Promise<BasketApiError> {
  try {
    const { toBasketApiError } = await import("./basket-client");
    return toBasketApiError(error);
  } catch {
    const detail = error instanceof Error ? error.message : String(error);
    return Object.assign(new Error(`basket API unreachable: ${detail}`), {
      name: "BasketApiError",
      status: null,
      code: "network",
      detail,
      network: true,
      retryAfterSeconds: null,
    }) as BasketApiError;
  }
}

export function lazyBasketClient(options: BasketClientOptions): BasketClient {
  let client: Promise<BasketClient> | null = null;
  const load = (): Promise<BasketClient> => {
    if (client === null) {
      const loading = import("./basket-client").then(({ createBasketClient }) => createBasketClient(options));
      // a chunk that failed to load (network gone for a moment) is tried again next time
      loading.catch(() => {
        if (client === loading) client = null;
      });
      client = loading;
    }
    return client;
  };
  const call = <T>(use: (real: BasketClient) => Promise<T>): Promise<T> =>
    load()
      .then(use)
      .catch(async (error: unknown) => {
        throw await asBasketApiError(error);
      });
  return {
    lang: options.lang,
    getBasket: (currencyCode) => call((real) => real.getBasket(currencyCode)),
    changeBasket: (change, currencyCode) => call((real) => real.changeBasket(change, currencyCode)),
    clearBasket: (currencyCode) => call((real) => real.clearBasket(currencyCode)),
    getCaptcha: () => call((real) => real.getCaptcha()),
    createOrder: (order) => call((real) => real.createOrder(order)),
    getOrder: (id) => call((real) => real.getOrder(id)),
    startPayment: (id, returnUrl, lang) => call((real) => real.startPayment(id, returnUrl, lang)),
    listOrders: () => call((real) => real.listOrders()),
    lookupOrder: (number, email) => call((real) => real.lookupOrder(number, email)),
    getWalletLinks: (id) => call((real) => real.getWalletLinks(id)),
    enterPromo: (code, currencyCode) => call((real) => real.enterPromo(code, currencyCode)),
    removePromo: (currencyCode) => call((real) => real.removePromo(currencyCode)),
  };
}
