/**
 * The deployment settings in the browser (and in the server render, where the same inlined
 * values apply): the build copied them to GATSBY_* variables (src/sourcing/build-config.ts).
 */
import { DEFAULT_API_URL, DEFAULT_SITE_URL, type SiteConfig, trimSlash } from "./core/site-config";

export type { SiteConfig };

/** Each `process.env.GATSBY_X` must be written out literally for webpack to inline it. */
export function browserConfig(): SiteConfig {
  return {
    catalogueApiUrl: trimSlash(process.env.GATSBY_CATALOGUE_API_URL || DEFAULT_API_URL),
    basketApiUrl: trimSlash(
      process.env.GATSBY_BASKET_API_URL || process.env.GATSBY_CATALOGUE_API_URL || DEFAULT_API_URL,
    ),
    landingId: Number(process.env.GATSBY_LANDING_ID || 1),
    siteUrl: trimSlash(process.env.GATSBY_SITE_URL || DEFAULT_SITE_URL),
    catalogueRateLimit: Number(process.env.GATSBY_CATALOGUE_RATE_LIMIT || 10),
  };
}
