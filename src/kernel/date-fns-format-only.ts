/**
 * What the browser bundle gets for the parts of every date-fns locale that only parsing
 * (`match`) and relative dates (`formatDistance`, `formatRelative`) use: the site writes its
 * dates with `format` alone (src/core/format.ts), which reads a locale's `localize` and
 * `formatLong`. gatsby-node.ts points the locales' requests here in the browser bundle only,
 * which keeps about 1.8 KB gzipped out of every page's start-up and 1 KB out of each date
 * locale's chunk; the server render and Node keep the whole locales. A browser call to one of
 * them says so instead of returning a wrong date.
 */
function notInTheBrowser(): never {
  throw new Error("date-fns parsing and relative dates are left out of the browser bundle (gatsby-node.ts)");
}

export const formatDistance = notInTheBrowser;
export const formatRelative = notInTheBrowser;
export const match = new Proxy({}, { get: () => notInTheBrowser });
