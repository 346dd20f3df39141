/**
 * The browser's one catalogue client. One per page load, so the rate limit holds across
 * every caller (search, live prices, ticket picker) rather than per caller.
 *
 * `await loadCatalogueClient()` pulls axios and the client into their own chunk the first
 * time something needs them; the settings are the ones inlined at build time
 * (browserConfig). It has no validator and no sanitizer, so ajv and sanitize-html stay
 * out of the browser; the HTML fields of its answers come out null.
 */
import { browserConfig } from "../config";
import type { CatalogueClient } from "./catalogue-client";

let client: Promise<CatalogueClient> | null = null;

export function loadCatalogueClient(): Promise<CatalogueClient> {
  if (client === null) {
    const loading = import("./catalogue-client").then(({ createCatalogueClient }) => {
      const config = browserConfig();
      return createCatalogueClient({ baseUrl: config.catalogueApiUrl, rateLimit: config.catalogueRateLimit });
    });
    // a chunk that failed to load (network gone for a moment) is tried again next time
    loading.catch(() => {
      if (client === loading) client = null;
    });
    client = loading;
  }
  return client;
}
