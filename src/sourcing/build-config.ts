import type { SiteConfig } from "../core/site-config";

/** Copies the build settings to GATSBY_* so webpack inlines them into the browser bundle. */
export function exposeConfigToBrowser(config: SiteConfig): void {
  // Object.assign rather than `process.env.GATSBY_X = ...`: where webpack's define plugin
  // sees `process.env.GATSBY_X` it writes a string literal, and an assignment to it fails.
  Object.assign(process.env, {
    GATSBY_CATALOGUE_API_URL: config.catalogueApiUrl,
    GATSBY_BASKET_API_URL: config.basketApiUrl,
    GATSBY_LANDING_ID: String(config.landingId),
    GATSBY_SITE_URL: config.siteUrl,
    GATSBY_CATALOGUE_RATE_LIMIT: String(config.catalogueRateLimit),
  });
}
