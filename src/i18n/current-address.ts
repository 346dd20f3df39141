/**
 * The address of the page being shown, as the language switcher needs it: the path
 * without the language prefix, with its query and hash. Order pages (/order/pay/<id>/,
 * /payment/success/?order=…) and the search page (/events/search/?cities=2&q=…) keep their
 * meaning in the tail, the query and the hash, which the page's build-time path lacks.
 */
import { LANGUAGES, type Lang } from "../core/catalogue";

const PREFIXED = new Set<string>(LANGUAGES);

/** /ru/order/pay/abc/ -> /order/pay/abc/; /ar -> /; an English path stays as it is. */
export function withoutLanguagePrefix(pathname: string): string {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (match && PREFIXED.has(match[1] as Lang)) return match[2] || "/";
  return pathname || "/";
}

/** What a language link appends to its language prefix: tail, query and hash. */
export function addressTail(location: Pick<Location, "pathname" | "search" | "hash">): string {
  return `${withoutLanguagePrefix(location.pathname)}${location.search}${location.hash}`;
}
