/**
 * Everything a page puts in <head>: title, description, canonical, hreflang alternates,
 * Open Graph, robots and an optional JSON-LD block. Used from each template's `Head` export,
 * which gets the page context but not the React tree. <html lang dir> is not here: gatsby-ssr's
 * onRenderBody writes it into the HTML and SiteProvider keeps it on client-side navigation; a
 * <html> in the Head made Gatsby's Head handler set both again after hydration, a long task.
 */
import type React from "react";
import { browserConfig } from "../config";
import type { CatalogueImage } from "../core/catalogue";
import type { BasePageContext } from "../core/page-context";
import { absoluteUrl, asLang, DEFAULT_LANGUAGE, LANGUAGE_INFO, LANGUAGES } from "../core/routes";
import { type LocalesQueryData, makeHeadT } from "../i18n/head-t";

export interface SeoProps {
  data: LocalesQueryData | undefined | null;
  pageContext: BasePageContext;
  /** page title without the site name; omit on the home page */
  title?: string;
  description?: string | null;
  image?: CatalogueImage | null;
  /** the first image above the fold when it is not `image` (a list's first card) */
  leadImage?: CatalogueImage | null;
  /** og:type */
  type?: "website" | "article" | "profile" | "place";
  noindex?: boolean;
  /** schema.org object(s) for a JSON-LD script */
  jsonLd?: object | object[] | null;
  children?: React.ReactNode;
}

/** JSON for an inline <script>: "<" escaped so no "</script>" in the data can end the block. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function plainText(text: string, max = 300): string {
  const flat = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * The origin to open a connection to before the HTML has been read to the first image: the
 * catalogue's images usually come from another host than the site (the CDN of the API), and a
 * phone otherwise spends a DNS, TCP and TLS round trip on it after the parser reaches the <img>.
 * None when the image is on the site's own origin, or its address cannot be read.
 */
export function preconnectOrigin(imageUrl: string | undefined, siteUrl: string): string | null {
  if (!imageUrl) return null;
  try {
    const image = new URL(imageUrl);
    if (image.protocol !== "https:" && image.protocol !== "http:") return null;
    return image.origin === new URL(siteUrl).origin ? null : image.origin;
  } catch {
    return null;
  }
}

export function Seo({
  data,
  pageContext,
  title,
  description,
  image,
  leadImage,
  type = "website",
  noindex = false,
  jsonLd,
  children,
}: SeoProps): React.JSX.Element {
  const t = makeHeadT(data);
  // Gatsby renders a page's Head apart from the page's providers (no usePageLanguage()):
  // the language comes from the page context the Head receives
  const lang = asLang(pageContext.i18n?.language ?? pageContext.language);
  const originalPath = pageContext.i18n?.originalPath ?? "/";
  const { siteUrl } = browserConfig();
  const siteName = t("seo.siteName");
  const fullTitle = title ? t("seo.titleTemplate", { title }) : `${siteName} | ${t("home.title")}`;
  const desc = plainText(description || t("seo.defaultDescription"));
  const canonical = absoluteUrl(siteUrl, originalPath, lang);
  const imageOrigin = preconnectOrigin((leadImage ?? image)?.url, siteUrl);

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={desc} />
      <meta name="theme-color" content="#c2185b" />
      {imageOrigin && <link rel="preconnect" href={imageOrigin} />}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {noindex ? <meta name="robots" content="noindex, follow" /> : <link rel="canonical" href={canonical} />}
      {!noindex &&
        LANGUAGES.map((l) => (
          <link key={l} rel="alternate" hrefLang={l} href={absoluteUrl(siteUrl, originalPath, l)} />
        ))}
      {!noindex && (
        <link rel="alternate" hrefLang="x-default" href={absoluteUrl(siteUrl, originalPath, DEFAULT_LANGUAGE)} />
      )}
      <meta property="og:site_name" content={siteName} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title ?? fullTitle} />
      <meta property="og:description" content={desc} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={LANGUAGE_INFO[lang].locale} />
      {LANGUAGES.filter((l) => l !== lang).map((l) => (
        <meta key={l} property="og:locale:alternate" content={LANGUAGE_INFO[l].locale} />
      ))}
      {image && <meta property="og:image" content={image.url} />}
      {image && <meta property="og:image:width" content={String(image.width)} />}
      {image && <meta property="og:image:height" content={String(image.height)} />}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD escaped by inlineJson */}
      {jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: inlineJson(jsonLd) }} />}
      {children}
    </>
  );
}
