/**
 * Editors' HTML (event/place/person descriptions, news bodies) made safe at build time.
 *
 * An allowlist (sanitize-html): ordinary rich text survives; scripts, event handlers,
 * javascript:/data: URLs, iframes, forms, inline styles and classes do not. Node only
 * (sanitize-html pulls in htmlparser2 and postcss): the browser never sanitizes, it only
 * shows what the build already cleaned.
 */
import sanitizeHtmlLib from "sanitize-html";

const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "strong",
  "em",
  "b",
  "i",
  "u",
  "s",
  "small",
  "sub",
  "sup",
  "ul",
  "ol",
  "li",
  "h2",
  "h3",
  "h4",
  "blockquote",
  "a",
  "img",
];

/** Not an allowed tag: sanitize-html drops it and keeps its text ("discard" mode). */
const UNLINKED = "unlinked";

/** Web, mail and phone links, and paths on this site; browsers ignore blanks and controls in a scheme. */
function isKeptHref(href: string): boolean {
  const compact = href.replace(/[\u0000-\u0020]/g, "");
  if (/^(https?|mailto|tel):/i.test(compact)) return true;
  return compact !== "" && !compact.startsWith("//") && !/^[^/?#]*:/.test(compact);
}

const OPTIONS: sanitizeHtmlLib.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "width", "height"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  // images only from the web: no data: payloads, no tracking via other schemes
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // these tags go with their content, not just their markup
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "embed",
    "svg",
    "math",
    "template",
    "select",
    "title",
    "head",
  ],
  disallowedTagsMode: "discard",
  transformTags: {
    // h1 is the page's own title; demote editors' headings rather than dropping their text
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      // a link whose address cannot stay (javascript:, data:, none) loses its markup, not its
      // words: an <a> with no address is a dead link to visitors and to search engines
      if (!isKeptHref(href)) return { tagName: UNLINKED, attribs: {} };
      const external = /^https?:\/\//i.test(href);
      return {
        tagName,
        attribs: external
          ? { ...attribs, target: "_blank", rel: "noopener noreferrer" }
          : { ...attribs, rel: "noopener noreferrer" },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
  },
  // an image needs an absolute http(s) source, or it is dropped whole
  exclusiveFilter: (frame) => frame.tag === "img" && !/^https?:\/\//i.test(frame.attribs.src ?? ""),
};

// target/rel/loading are set by transformTags, so they must pass the attribute filter
OPTIONS.allowedAttributes = {
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "width", "height", "loading", "decoding"],
};

export function sanitizeHtml(html: string): string {
  return sanitizeHtmlLib(html, OPTIONS);
}
