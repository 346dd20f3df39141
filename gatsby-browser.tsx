import type { GatsbyBrowser } from "gatsby";
import { type ReactNode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { wrapPage } from "./src/app/wrap-page";
import { noteNotFoundAddress, restoreNotFoundAddress } from "./src/i18n/not-found-address";
import { loadDateLocaleOf } from "./src/kernel/date-locale";
import { endHydration, startHydration } from "./src/kernel/hydration-phase";
import "./src/styles/global.css";

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = (args) => wrapPage(args);

/**
 * Hydration as a transition: React renders the page in slices of a few milliseconds and
 * gives the browser back its main thread between them, instead of one task as long as the
 * whole tree (60-70 ms of desktop CPU on a list page, four times that on a phone). A click
 * during hydration is replayed once the part clicked on is hydrated.
 */
function hydrateInTransition(element: ReactNode, container: Element): void {
  // Hydration renders the page's dates with its language's locale, as the server did: it
  // waits for that one small chunk (requested at client entry, in parallel with the page's
  // data and template, so no request waits on another). Then a task of its own: not the one in
  // which Gatsby's loader handled the page's data, which would be a long task with the root's
  // creation and hydration's first slice added to it.
  void loadDateLocaleOf(window.location.pathname)
    .then(() => new Promise((resolve) => window.setTimeout(resolve, 0)))
    .then(() => {
      startHydration();
      const variant = (window as { __hydrationVariant?: string }).__hydrationVariant;
      // The alternatives docs/adr/0011-start-up-and-hydration.md was decided on, which
      // `npm run bench:pages -- --variants` selects with an init script to measure them side by
      // side on one build: "sync", hydration as one task; "none", no hydration (what any
      // hydration costs on top of loading the scripts: the most islands could save).
      if (variant === "none") return;
      if (variant === "sync") hydrateRoot(container, element);
      else
        startTransition(() => {
          hydrateRoot(container, element);
        });
    });
}

// Gatsby's type names react-dom's legacy Renderer; Gatsby itself calls it as (element, container).
export const replaceHydrateFunction = (() => hydrateInTransition) as unknown as GatsbyBrowser["replaceHydrateFunction"];

export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  restoreNotFoundAddress(window.location, window.history);
  // islands mounted from now on were not in the server's HTML: they render their children
  endHydration();
  // End-to-end tests wait for this before they click: React owns the page from here on.
  document.documentElement.dataset.hydrated = "true";
};

/** The route the visitor last asked for: where a failed chunk load sends the browser. */
let lastRoute: string | null = null;

function routeOf(location: { pathname: string; search?: string; hash?: string }): string {
  return `${location.pathname}${location.search ?? ""}${location.hash ?? ""}`;
}

function isChunkLoadError(reason: unknown): boolean {
  if (!reason) return false;
  const name = typeof reason === "object" && "name" in reason ? String((reason as { name: unknown }).name) : "";
  const message =
    typeof reason === "object" && "message" in reason
      ? String((reason as { message: unknown }).message)
      : String(reason);
  return name === "ChunkLoadError" || /Loading (CSS )?chunk [\w-]+ failed/i.test(message);
}

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  noteNotFoundAddress((window as Window & { pagePath?: string }).pagePath, window.location);
  // A chunk that fails to load (a deploy replaced it, the network
  // dropped) becomes a full page load of the route, which fetches the current files.
  window.addEventListener("unhandledrejection", (event) => {
    if (!isChunkLoadError(event.reason)) return;
    event.preventDefault();
    window.location.assign(lastRoute ?? window.location.href);
  });
  // the page's date locale, fetched beside the page's data (hydration waits for it, below)
  void loadDateLocaleOf(window.location.pathname);
};

export const onPreRouteUpdate: GatsbyBrowser["onPreRouteUpdate"] = ({ location }) => {
  lastRoute = routeOf(location);
};

/**
 * A page that has not opened after 1 s gets a notice (so a slow network is not mistaken for a
 * dead link). Gatsby calls this
 * after its 1 s wait; the page shows a moving bar (global.css) and is marked busy for
 * screen readers until the new page is there.
 */
export const onRouteUpdateDelayed: GatsbyBrowser["onRouteUpdateDelayed"] = () => {
  document.documentElement.dataset.routeDelayed = "true";
  document.body.setAttribute("aria-busy", "true");
};

export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location }) => {
  lastRoute = routeOf(location);
  delete document.documentElement.dataset.routeDelayed;
  document.body.removeAttribute("aria-busy");
};
