/**
 * The one provider tree around every page, used by both gatsby-browser and gatsby-ssr
 * so the server render and hydration agree.
 *
 * Gatsby runs the site's own wrapPageElement after the plugins', so this tree sits
 * OUTSIDE gatsby-plugin-react-i18next's I18nextProvider. The providers below (toasts, basket
 * messages) want translations too, so the page's i18next instance, which the plugin put on
 * the element it hands us, is provided again around them.
 */
import type { i18n as I18n } from "i18next";
import type React from "react";
import { isValidElement } from "react";
import { I18nextProvider } from "react-i18next";
import { isLang, type Lang, languageOfPath } from "../core/routes";
import { memoizeTranslations } from "../i18n/memo-t";
import { SiteProvider } from "../kernel/site-context";
import { AppProviders } from "./app-providers";

interface WrapPageArgs {
  element: React.ReactNode;
  props: {
    pageContext: Record<string, unknown> & { i18n?: { language?: string; originalPath?: string } };
    location: { pathname: string };
  };
}

/** The page's language from its context, else from its path (the route module's rule). */
function pageLanguage(args: WrapPageArgs): Lang {
  const fromContext = args.props.pageContext.i18n?.language;
  return isLang(fromContext) ? fromContext : languageOfPath(args.props.location.pathname);
}

function pageI18n(element: React.ReactNode): I18n | null {
  if (!isValidElement(element)) return null;
  const candidate = (element.props as { i18n?: unknown }).i18n;
  return candidate && typeof candidate === "object" && "t" in candidate ? (candidate as I18n) : null;
}

export function wrapPage(args: WrapPageArgs): React.JSX.Element {
  const language = pageLanguage(args);
  const originalPath = args.props.pageContext.i18n?.originalPath ?? args.props.location.pathname;
  const i18n = pageI18n(args.element);
  // plain t("key") calls remember their text (src/i18n/memo-t.ts)
  if (i18n) memoizeTranslations(i18n);
  const tree = (
    <SiteProvider language={language} originalPath={originalPath}>
      <AppProviders language={language}>{args.element}</AppProviders>
    </SiteProvider>
  );
  return i18n ? <I18nextProvider i18n={i18n}>{tree}</I18nextProvider> : tree;
}
