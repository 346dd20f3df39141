import type React from "react";
import { SafeHtml } from "./safe-html";

/** An event's or a venue's description (sanitised at build time) under its heading; nothing without one. */
export function AboutSection({ title, html }: { title: string; html: string | null }): React.JSX.Element | null {
  if (!html) return null;
  return (
    <section className="section" aria-labelledby="about-title">
      <h2 id="about-title">{title}</h2>
      <SafeHtml html={html} />
    </section>
  );
}
