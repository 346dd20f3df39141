import type { GatsbySSR } from "gatsby";
import { isValidElement, type ReactElement } from "react";
import { wrapPage } from "./src/app/wrap-page";
import { directionOf } from "./src/app/site-context";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./src/catalogue/types";

export const wrapPageElement: GatsbySSR["wrapPageElement"] = (args) => wrapPage(args);

/** The language of a page from its path prefix: /ru/... is Russian, no prefix is English. */
function languageOfPath(pathname: string): string {
  const first = pathname.split("/")[1] ?? "";
  return (LANGUAGES as readonly string[]).includes(first) ? first : DEFAULT_LANGUAGE;
}

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ pathname, setHtmlAttributes }) => {
  const lang = languageOfPath(pathname);
  setHtmlAttributes({ lang, dir: directionOf(lang) });
};

interface InlinedStyleProps {
  "data-href"?: string;
  "data-identity"?: string;
}

/**
 * The site's stylesheet as a link, not inlined: Gatsby writes the whole stylesheet (28 KB)
 * into every page's HTML, which a visitor then downloads again on every page they open and a
 * 37,000-page build writes, re-reads and rewrites. Linked, it is one hashed file the browser
 * and the CDN keep for a year (static/_headers). The webpack runtime finds the link by its
 * href and does not load the stylesheet a second time on client-side navigation.
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents(
    getHeadComponents().map((component) => {
      if (!isValidElement(component) || component.type !== "style") return component;
      const props = (component as ReactElement<InlinedStyleProps>).props;
      if (props["data-identity"] !== "gatsby-global-css" || !props["data-href"]) return component;
      return <link key={props["data-href"]} rel="stylesheet" href={props["data-href"]} />;
    }),
  );
};
