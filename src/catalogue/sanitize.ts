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
