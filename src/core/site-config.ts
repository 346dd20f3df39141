/**
 * Deployment settings: the backends, the landing, the public address, the catalogue rate.
 *
 * At build time they come from the environment (CATALOGUE_API_URL, BASKET_API_URL,
 * LANDING_ID, SITE_URL, CATALOGUE_RATE_LIMIT): `readBuildConfig(process.env)`. Gatsby's
 * configuration copies them to GATSBY_* variables (src/sourcing/build-config.ts), which
 * webpack inlines into the browser bundle (`browserConfig()` in src/config.ts), so the
 * browser talks to the same backends the site was built from.
 */

export interface SiteConfig {
  catalogueApiUrl: string;
  basketApiUrl: string;
  landingId: number;
  siteUrl: string;
  /** catalogue requests per second */
  catalogueRateLimit: number;
}

export const DEFAULT_API_URL = "http://127.0.0.1:4010";
export const DEFAULT_SITE_URL = "http://127.0.0.1:9000";

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

function positiveNumber(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

/** The settings from an environment (at build time, `process.env`). */
export function readBuildConfig(env: Readonly<Record<string, string | undefined>>): SiteConfig {
  const catalogueApiUrl = trimSlash(env.CATALOGUE_API_URL || DEFAULT_API_URL);
  return {
    catalogueApiUrl,
    basketApiUrl: trimSlash(env.BASKET_API_URL || catalogueApiUrl),
    landingId: positiveNumber(env.LANDING_ID, 1, "LANDING_ID"),
    siteUrl: trimSlash(env.SITE_URL || DEFAULT_SITE_URL),
    catalogueRateLimit: positiveNumber(env.CATALOGUE_RATE_LIMIT, 10, "CATALOGUE_RATE_LIMIT"),
  };
}
