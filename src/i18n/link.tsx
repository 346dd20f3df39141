/**
 * The site's one link component: a plain <a> that keeps Gatsby's client-side navigation and
 * prefetching, in one component instead of the six of gatsby-plugin-react-i18next's Link over
 * Gatsby's Link (Location, GatsbyLink, reach Link, Location). Half the components of a page
 * were link wrappers; hydrating them was most of the start-up work.
 *
 * - `to` is a page path without language ("/events/12/"); it is put into the page's
 *   language, or into `language` when given (the language switcher), as the plugin did.
 * - A plain left click navigates through Gatsby (`navigate`, with `state` and `replace`);
 *   a modified click, another target or a download is left to the browser.
 * - Prefetch: once the browser is idle after the page started, a link that comes into view
 *   hands its page to Gatsby's loader (`___loader.enqueue`), which applies the spec's rule:
 *   4 pages per batch every 3 s from 3 s on, none on 2G, in data-saver mode or for bots.
 *   Pointing at a link asks for its page at once (`___loader.hovering`), as Gatsby's does.
 * - `activeClassName` / `partiallyActive` and `aria-current="page"` follow the page shown,
 *   from the site context (the path the page was built for).
 */
import { navigate } from "gatsby";
import type React from "react";
import { forwardRef, useCallback, useEffect, useRef } from "react";
import { asLang, localize } from "../core/routes";
import { loadDateLocaleOf } from "../kernel/date-locale";
import { usePageLanguage, useSite } from "../kernel/site-context";
import { whenIdle } from "../kernel/when-idle";

export interface LinkProps extends Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** the page path without language, with its query and hash if any */
  to: string;
  /** another language than the page's (the language switcher) */
  language?: string;
  /** history state for the page opened (Gatsby's `location.state`) */
  state?: object;
  /** replace the current history entry instead of adding one */
  replace?: boolean;
  /** class added while the link points at the page shown */
  activeClassName?: string;
  /** with activeClassName: active on the pages under `to` as well */
  partiallyActive?: boolean;
}

/** the key gatsby-plugin-react-i18next reads the visitor's language from */
const LANGUAGE_KEY = "gatsby-i18next-language";

interface GatsbyLoader {
  enqueue(path: string): { abort(): void } | undefined;
  hovering(path: string): void;
}

function loader(): GatsbyLoader | undefined {
  return (window as unknown as { ___loader?: GatsbyLoader }).___loader;
}

function pathnameOf(href: string): string {
  return href.split(/[?#]/)[0] as string;
}

/** Links waiting for the page to settle before they are watched for prefetching. */
let observer: IntersectionObserver | null = null;
let observing = false;
const waiting = new Set<HTMLAnchorElement>();
const aborts = new WeakMap<Element, { abort(): void }>();

function prefetchWhenSeen(entries: IntersectionObserverEntry[]): void {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    const anchor = entry.target as HTMLAnchorElement;
    observer?.unobserve(anchor);
    const path = pathnameOf(anchor.getAttribute("href") ?? "");
    if (!path || path === window.location.pathname) continue;
    const pending = loader()?.enqueue(path);
    if (pending) aborts.set(anchor, pending);
  }
}

/** After the page has hydrated and the browser is idle: start watching links for prefetching. */
function startObserving(): void {
  if (observing) return;
  observing = true;
  const start = () => {
    if (typeof IntersectionObserver === "undefined") return;
    observer = new IntersectionObserver(prefetchWhenSeen);
    for (const anchor of waiting) observer.observe(anchor);
    waiting.clear();
  };
  whenIdle(start, 3000);
}

/** Hands `anchor` to the prefetch queue (the spec's rule above); returns the function that stops it. */
export function watch(anchor: HTMLAnchorElement): () => void {
  if (observer) observer.observe(anchor);
  else {
    waiting.add(anchor);
    startObserving();
  }
  return () => {
    waiting.delete(anchor);
    observer?.unobserve(anchor);
    aborts.get(anchor)?.abort();
    aborts.delete(anchor);
  };
}

/** Asks for the page behind `href` at once: the visitor points at a link to it. */
export function prefetchNow(href: string): void {
  loader()?.hovering(pathnameOf(href));
}

/**
 * A click the site takes over: a plain left click, not prevented, on a link opening in this
 * tab, not a download. Anything else is left to the browser.
 */
export function isClientNavigation(
  event: React.MouseEvent<Element>,
  target: string | null | undefined,
  download: boolean,
): boolean {
  return isPlainLeftClick(event) && (!target || target === "_self") && !download;
}

function isPlainLeftClick(event: React.MouseEvent<Element>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, language, state, replace, activeClassName, partiallyActive, className, onClick, onMouseEnter, target, ...rest },
  forwardedRef,
) {
  const { originalPath } = useSite();
  const pageLanguage = usePageLanguage();
  const lang = asLang(language ?? pageLanguage);
  const href = localize(to, lang);
  const anchor = useRef<HTMLAnchorElement | null>(null);

  const here = localize(originalPath, pageLanguage);
  const current = pathnameOf(href) === here;
  const active =
    lang === pageLanguage && (current || (partiallyActive === true && to !== "/" && here.startsWith(pathnameOf(href))));

  const ref = useCallback(
    (node: HTMLAnchorElement | null) => {
      anchor.current = node;
      if (typeof forwardedRef === "function") forwardedRef(node);
      else if (forwardedRef) forwardedRef.current = node;
    },
    [forwardedRef],
  );

  useEffect(() => {
    const node = anchor.current;
    return node ? watch(node) : undefined;
  }, []);

  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      hrefLang={rest.hrefLang ?? lang}
      className={[className, active ? activeClassName : undefined].filter(Boolean).join(" ") || undefined}
      aria-current={rest["aria-current"] ?? (current ? "page" : undefined)}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        prefetchNow(href);
      }}
      onClick={(event) => {
        if (language) window.localStorage.setItem(LANGUAGE_KEY, language);
        onClick?.(event);
        if (!isClientNavigation(event, target, rest.download !== undefined)) return;
        event.preventDefault();
        // a page in another language renders its dates with that language's locale
        void loadDateLocaleOf(href).then(() => navigate(href, { state, replace }));
      }}
    />
  );
});
