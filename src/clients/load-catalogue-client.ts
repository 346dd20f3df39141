/**
 * Lazy door to the browser's catalogue client: `await loadCatalogueClient()` pulls axios
 * and the client into their own chunk the first time something needs them.
 */
import type { CatalogueClient } from "./catalogue-client";

export function loadCatalogueClient(): Promise<CatalogueClient> {
  return import("./catalogue-client").then((module) => module.browserCatalogueClient());
}
