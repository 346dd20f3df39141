/**
 * Deployment settings, read once.
 *
 * At build time they come from the environment (CATALOGUE_API_URL, BASKET_API_URL,
 * LANDING_ID, SITE_URL, CATALOGUE_RATE_LIMIT). `exposeConfigToBrowser()`, called from
 * gatsby-config, copies them to GATSBY_* variables, which Gatsby inlines into the browser
 * bundle, so the browser talks to the same backends the site was built from.
 */

export interface SiteConfig {
  catalogueApiUrl: string;
  basketApiUrl: string;
  landingId: number;
  siteUrl: string;
  /** catalogue requests per second */
  catalogueRateLimit: number;
}

const DEFAULT_API_URL = "http://127.0.0.1:4010";
const DEFAULT_SITE_URL = "http://127.0.0.1:9000";

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

function positiveNumber(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

/** Build-time settings from the environment (Node only). */
export function readBuildConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const catalogueApiUrl = trimSlash(env.CATALOGUE_API_URL || DEFAULT_API_URL);
  return {
    catalogueApiUrl,
    basketApiUrl: trimSlash(env.BASKET_API_URL || catalogueApiUrl),
    landingId: positiveNumber(env.LANDING_ID, 1, "LANDING_ID"),
    siteUrl: trimSlash(env.SITE_URL || DEFAULT_SITE_URL),
    catalogueRateLimit: positiveNumber(env.CATALOGUE_RATE_LIMIT, 10, "CATALOGUE_RATE_LIMIT"),
  };
}

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

/**
 * Settings in the browser (and in SSR, where the same inlined values apply). Each
 * `process.env.GATSBY_X` must be written out literally for webpack to inline it.
 */
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
