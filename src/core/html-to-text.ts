/**
 * Editors' HTML (already sanitized at build time) as plain text, for fields that take
 * text: JSON-LD descriptions, calendar entries, meta descriptions. Pure and tiny, so it can
 * run in the browser too.
 */

export function htmlToText(html: string): string {
  return (
    html
      // elements whose content is not text (in case unsanitized HTML gets here)
      .replace(/<(script|style|iframe|noscript|template|svg|math|object|textarea|select)\b[\s\S]*?<\/\1\s*>/gi, "")
      .replace(/<(br|\/p|\/li|\/h[1-6]|\/blockquote)\s*\/?>/gi, "\n")
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#0?39;/g, "'")
      .replace(/&amp;/g, "&")
      .replace(/[ \t]+/g, " ")
      .replace(/\n\s*\n+/g, "\n")
      .trim()
  );
}
