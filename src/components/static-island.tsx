/**
 * A part of the page that never changes after the build (the footer, card lists): React does
 * not hydrate it. During the first hydration the island renders its wrapper element with an
 * empty `dangerouslySetInnerHTML`, which React leaves alone, so the server's HTML inside stays
 * as it is and none of the components in it run. Mounted later (a client-side navigation into
 * the page), it renders its children as any component does.
 *
 * The wrapper itself is hydrated: one delegated click handler sends plain clicks on the
 * island's links to Gatsby's navigate(), as the site's Link does, and the island hands its
 * links to Link's prefetch queue (the same rule: 4 per batch every 3 s, none on 2G,
 * data-saver or for bots).
 *
 * Only what the build fixes may go inside: nothing that depends on the clock, the currency,
 * the basket, cookies or the query. An island kept from the server keeps that HTML while its
 * page is shown; a new page (another path or language) mounts a new island.
 */
import { navigate } from "gatsby";
import type React from "react";
import { useEffect, useRef, useState } from "react";
import { isClientNavigation, prefetchNow, watch } from "../i18n/link";
import { isHydrating } from "../kernel/hydration-phase";
import { usePageLanguage, useSite } from "../kernel/site-context";

/** No content at all: React finds the same string on every render and leaves the DOM alone. */
const KEEP_SERVER_HTML = { __html: "" };

type IslandElement = "div" | "section" | "nav" | "ul" | "ol";

export interface StaticIslandProps extends React.HTMLAttributes<HTMLElement> {
  /** the wrapper element, rendered on the server and kept on hydration */
  as?: IslandElement;
  children: React.ReactNode;
  /**
   * What still changes inside an island kept from the server (live prices): rendered beside
   * it once it is on screen, given its element, typically as portals into the kept HTML.
   * A rendered island's children handle that themselves.
   */
  live?: (island: HTMLElement) => React.ReactNode;
}

/** The link a click inside the island landed on, if the site should open it itself. */
function sameSiteLink(event: React.MouseEvent<HTMLElement>): HTMLAnchorElement | null {
  const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!anchor || !event.currentTarget.contains(anchor)) return null;
  if (!isClientNavigation(event, anchor.getAttribute("target"), anchor.hasAttribute("download"))) return null;
  return new URL(anchor.href).origin === window.location.origin ? anchor : null;
}

function Island({
  as: Tag = "div",
  children,
  live,
  onClick,
  onMouseOver,
  ...rest
}: StaticIslandProps): React.JSX.Element {
  // Decided once, at mount: an island hydrated from the server stays the server's HTML.
  const [kept] = useState(isHydrating);
  const wrapper = useRef<HTMLElement | null>(null);
  // the kept element, once mounted: what `live` renders into
  const [element, setElement] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const node = wrapper.current;
    // a rendered island's links are Link components that watch themselves
    if (!kept || !node) return;
    setElement(node);
    const stops = Array.from(node.querySelectorAll<HTMLAnchorElement>("a[href]"), watch);
    return () => {
      for (const stop of stops) stop();
    };
  }, [kept]);

  const props = {
    ...rest,
    ref: (node: HTMLElement | null) => {
      wrapper.current = node;
    },
    onClick(event: React.MouseEvent<HTMLElement>) {
      onClick?.(event);
      const anchor = sameSiteLink(event);
      if (!anchor) return;
      event.preventDefault();
      const url = new URL(anchor.href);
      void navigate(`${url.pathname}${url.search}${url.hash}`);
    },
    onMouseOver(event: React.MouseEvent<HTMLElement>) {
      onMouseOver?.(event);
      if (!kept) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (anchor) prefetchNow(anchor.getAttribute("href") ?? "");
    },
  };
  // The same empty string on every render: React never writes it, the server's HTML stays.
  return kept ? (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, never content: it keeps the server's HTML */}
      <Tag {...props} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />
      {element && live ? live(element) : null}
    </>
  ) : (
    <Tag {...props}>{children}</Tag>
  );
}

/** What an island is keyed by: a new page (another path or language) mounts a new one. */
export function useIslandKey(): string {
  const { originalPath } = useSite();
  const language = usePageLanguage();
  return `${language}:${originalPath}`;
}

export function StaticIsland(props: StaticIslandProps): React.JSX.Element {
  return <Island key={useIslandKey()} {...props} />;
}

/**
 * A static island as an element, keyed with `useIslandKey()` by its caller: one component in
 * the page's first commit instead of StaticIsland's two (the budgets test counts them).
 */
export function staticIsland(key: string, props: StaticIslandProps): React.JSX.Element {
  return <Island key={key} {...props} />;
}
