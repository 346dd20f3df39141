/**
 * A mistyped address keeps its place in the address bar on every language's 404 page.
 *
 * The server answers /ru/anything with the Russian 404 page (status 404). Gatsby, finding that
 * page's own path (/ru/404/) differ from the address, replaces the address with /ru/404/
 * before it renders; it spares only its own /404.html, the English page. So the address typed
 * is noted before Gatsby starts (onClientEntry) and put back once the page is on screen
 * (onInitialClientRender), as English keeps it: the visitor sees what they typed and can
 * correct it.
 */
import { LANGUAGES } from "../core/catalogue";
import { href, localize } from "../core/routes";

/** each language's 404 page, as Gatsby names the page served (the default language's is /404.html) */
const NOT_FOUND_PAGES = new Set(LANGUAGES.map((lang) => localize(href.notFound(), lang)));

let typed: string | null = null;

/** Notes the address typed when the page served for it is a language's 404 page. */
export function noteNotFoundAddress(pagePath: string | undefined, location: Location): void {
  typed =
    pagePath && NOT_FOUND_PAGES.has(pagePath) && location.pathname !== pagePath
      ? `${location.pathname}${location.search}${location.hash}`
      : null;
}

/** Puts the noted address back, where Gatsby replaced it with its 404 page's path. */
export function restoreNotFoundAddress(location: Location, history: History): void {
  if (typed !== null && NOT_FOUND_PAGES.has(location.pathname)) history.replaceState(history.state, "", typed);
  typed = null;
}
