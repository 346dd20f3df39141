import type { GatsbySSR } from "gatsby";
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { FIRST_PAINT_SCRIPTS } from "./src/app/first-paint-scripts";
import { wrapPage } from "./src/app/wrap-page";
import { FIRST_SCREEN_END_ID } from "./src/kernel/first-screen";
// the server render writes every language's dates (the browser loads only its page's locale)
import "./src/core/date-locales-all";
import { directionOf, languageOfPath } from "./src/core/routes";

export const wrapPageElement: GatsbySSR["wrapPageElement"] = (args) => wrapPage(args);

/**
 * Starts static/intl-warm.js as soon as the head is parsed (onPreRenderHTML puts it first): a
 * worker that makes one Intl.NumberFormat and one Intl.DisplayNames, and ends. The first
 * NumberFormat in a browser process loads its number data for every thread: 25-90 ms of CPU
 * (measured in Chromium), which the page's first price would otherwise pay inside the task
 * that hydrates it. Made on the worker while the page's scripts download, the page's own first
 * NumberFormat takes under a millisecond. The same script on every page (the CSP lists inline
 * scripts by hash); a browser that refuses the worker formats on the main thread, as before.
 */
const INTL_WARM_SCRIPT = 'try{new Worker("/intl-warm.js")}catch(e){}';

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ pathname, setHtmlAttributes }) => {
  const lang = languageOfPath(pathname);
  // data-currency-pending: prices look like placeholders until the browser has settled the
  // visitor's currency (src/currency/currency-context.tsx removes it, global.css styles it)
  setHtmlAttributes({ lang, dir: directionOf(lang), "data-currency-pending": "true" } as Record<string, string>);
};

interface InlinedStyleProps {
  "data-href"?: string;
  "data-identity"?: string;
}

/**
 * Gatsby's per-page inline script, `window.pagePath="/events/1/"`, made the same on every
 * page: the path moves into an attribute and the script reads it back. The Content Security
 * Policy allows inline scripts only by their hash, and one policy for the whole site can
 * only list scripts that do not change from page to page.
 */
const PAGE_PATH_SCRIPT = "window.pagePath=document.currentScript.dataset.pagePath;";

function isScriptLoader(component: ReactNode): boolean {
  return (
    isValidElement(component) &&
    component.type === "script" &&
    (component.props as { id?: string }).id === "gatsby-script-loader"
  );
}

/**
 * The site's stylesheet as a link, not inlined: Gatsby writes the whole stylesheet (28 KB)
 * into every page's HTML, which a visitor then downloads again on every page they open and a
 * 37,000-page build writes, re-reads and rewrites. Linked, it is one hashed file the browser
 * and the CDN keep for a year (the generated _headers). The webpack runtime finds the link by
 * its href and does not load the stylesheet a second time on client-side navigation.
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  getHeadComponents,
  replaceHeadComponents,
  getPostBodyComponents,
  replacePostBodyComponents,
  pathname,
}) => {
  replaceHeadComponents([
    // first, ahead of the stylesheet: an inline script after it would wait for it to load
    // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, hashed into the CSP
    <script key="intl-warm" dangerouslySetInnerHTML={{ __html: INTL_WARM_SCRIPT }} />,
    // no first paint of a half-parsed first screen: each element the parser adds after it
    // would move the ones painted before it (layout shifts); rendering waits for the marker
    // (src/kernel/first-screen.tsx; a page without it renders once its HTML is parsed)
    <link key="expect-first-screen" rel="expect" href={`#${FIRST_SCREEN_END_ID}`} {...{ blocking: "render" }} />,
    ...getHeadComponents().map((component) => {
      if (!isValidElement(component) || component.type !== "style") return component;
      const props = (component as ReactElement<InlinedStyleProps>).props;
      if (props["data-identity"] !== "gatsby-global-css" || !props["data-href"]) return component;
      return <link key={props["data-href"]} rel="stylesheet" href={props["data-href"]} />;
    }),
  ]);
  replacePostBodyComponents([
    ...getPostBodyComponents().map((component) =>
      isScriptLoader(component) ? (
        <script
          key="script-loader"
          id="gatsby-script-loader"
          data-page-path={pathname}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, hashed into the CSP
          dangerouslySetInnerHTML={{ __html: PAGE_PATH_SCRIPT }}
        />
      ) : (
        component
      ),
    ),
    // after the scripts slice: starts its scripts once the first frame is painted
    // (src/app/first-paint-scripts.ts)
    // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, hashed into the CSP
    <script key="first-paint-scripts" dangerouslySetInnerHTML={{ __html: FIRST_PAINT_SCRIPTS }} />,
  ]);
};
