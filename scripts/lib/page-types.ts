/**
 * The page types whose speed is measured: `npm run bench:pages` scores them with Lighthouse
 * and tests/e2e/site-budgets.test.ts holds their start-up cost to a budget. Each type is one
 * path in English (the Arabic one has /ar in front); an event or a place is the first one
 * built into the site folder.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** The first id of the pages built under a folder of a built site (public/places/12/ -> 12). */
export function firstBuiltId(publicDir: string, dir: string): string {
  const ids = existsSync(join(publicDir, dir))
    ? readdirSync(join(publicDir, dir))
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => a - b)
    : [];
  if (ids.length === 0) throw new Error(`${join(publicDir, dir)} has no built pages: run npm run build first`);
  return String(ids[0]);
}

/** page type -> its English path in the site built into `publicDir` */
export function pageTypes(publicDir: string): Readonly<Record<string, () => string>> {
  return {
    home: () => "/",
    events: () => "/events/",
    event: () => `/events/${firstBuiltId(publicDir, "events")}/`,
    search: () => "/events/search/",
    place: () => `/places/${firstBuiltId(publicDir, "places")}/`,
    news: () => "/news/",
    cart: () => "/cart/",
  };
}
