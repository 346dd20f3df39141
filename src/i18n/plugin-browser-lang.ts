/**
 * gatsby-plugin-react-i18next asks `browser-lang` for the visitor's language only when it
 * redirects by it, which this site turns off (gatsby-config.ts: the language is the page's).
 * gatsby-node.ts points the request here, so the library stays out of the start-up JavaScript.
 */
export default function browserLang({ fallback }: { languages?: string[]; fallback?: string }): string | undefined {
  return fallback;
}
