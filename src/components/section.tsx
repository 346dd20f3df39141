import type React from "react";
import { Link } from "../i18n/link";
import { ArrowIcon } from "./icons";

/** A titled block of a page, with an optional "see all" link beside the heading. */
export function Section({
  id,
  title,
  more,
  children,
  className,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  children: React.ReactNode;
  className?: string;
}): React.JSX.Element {
  return (
    <section className={`section ${className ?? ""}`} aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        {more && (
          <Link to={more.to} className="see-all">
            {more.label} <ArrowIcon size={18} className="flip-rtl" />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
