import type React from "react";
import * as styles from "./page-header.module.css";

/** The title block at the top of list and info pages. */
export function PageHeader({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string | null;
  children?: React.ReactNode;
}): React.JSX.Element {
  return (
    <div className={styles.head}>
      <div className="container">
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </div>
    </div>
  );
}
