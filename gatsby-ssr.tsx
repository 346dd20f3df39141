import type { GatsbySSR } from "gatsby";
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
