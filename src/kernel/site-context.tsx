/**
 * What every page knows about where it lives: the site URL, the theme (the landing's
 * settings) and the page's language. The page wrapper reads these once and applies them
 * on every page; components take them from `useSite()`, and the page's language from
 * `usePageLanguage()`, the one way a component reads it.
 */
import type React from "react";
import { useContext, useEffect, useMemo } from "react";
import { useLanding } from "../catalogue/use-landing";
import { browserConfig } from "../config";
import type { Landing, Lang } from "../core/catalogue";
import { directionOf, type TextDirection } from "../core/routes";
import { sharedContext } from "./shared-contexts";

export interface SiteContextValue {
  /** absolute, without trailing slash */
  siteUrl: string;
  /** the landing: languages, currencies, whether to show the currency switcher */
  theme: Landing;
  language: Lang;
  direction: TextDirection;
  /** this page's path without the language prefix, e.g. `href.event(12)` */
  originalPath: string;
}

const SiteContext = sharedContext<SiteContextValue | null>(null);

interface SiteProviderProps {
  language: Lang;
  originalPath: string;
  children: React.ReactNode;
}

export function SiteProvider({ language, originalPath, children }: SiteProviderProps): React.JSX.Element {
  const theme = useLanding();
  const direction = directionOf(language);
  const value = useMemo<SiteContextValue>(
    () => ({ siteUrl: browserConfig().siteUrl, theme, language, direction, originalPath }),
    [theme, language, direction, originalPath],
  );

  // The server render sets <html lang dir> (gatsby-ssr onRenderBody and each page's Head);
  // a client-side navigation to another language must update them as well.
  useEffect(() => {
    const html = document.documentElement;
    if (html.lang !== language) html.lang = language;
    if (html.dir !== direction) html.dir = direction;
  }, [language, direction]);

  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error("useSite() must be used inside <SiteProvider> (src/app/wrap-page.tsx)");
  return value;
}

/**
 * The language of the page being shown (en, ru, ar): what every component formats and
 * translates for. It comes from the page's context (src/app/wrap-page.tsx), so a page built
 * in Arabic is Arabic in its server render and in the browser alike.
 */
export function usePageLanguage(): Lang {
  return useSite().language;
}
