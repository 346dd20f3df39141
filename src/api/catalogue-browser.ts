/**
 * The catalogue client as the browser uses it: settings inlined at build time, no ajv and
 * no HTML sanitizer (the reshaping checks every field it reads; HTML fields come out null).
 * Import it lazily (`loadCatalogueClient()` below) so axios stays out of pages that never
 * call the catalogue from the browser.
 */
import { browserConfig } from "../config";
import { createCatalogueClient, type CatalogueClient } from "./catalogue-client";

let shared: CatalogueClient | null = null;

/** One client per page load, so the rate limit holds across every caller on the page. */
export function browserCatalogueClient(): CatalogueClient {
  if (shared === null) {
    const config = browserConfig();
    shared = createCatalogueClient({ baseUrl: config.catalogueApiUrl, rateLimit: config.catalogueRateLimit });
  }
  return shared;
}
