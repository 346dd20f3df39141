import type React from "react";

/**
 * Editors' rich text. The HTML was sanitized with an allowlist when the catalogue was
 * read at build time (src/sourcing/sanitize.ts via the reshaper): this component only
 * renders what already passed; it must never receive raw catalogue HTML.
 */
export function SafeHtml({ html, className }: { html: string | null; className?: string }): React.JSX.Element | null {
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the catalogue HTML is sanitized at the boundary (catalogue/sanitize.ts)
  return <div className={`prose ${className ?? ""}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
