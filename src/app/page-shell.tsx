/**
 * The frame of a page: the site layout around the page's centred column, after the title
 * block of a list or info page when it has a title. Extra attributes (a class, `data-*`)
 * go on the column.
 */
import type React from "react";
import { PageHeader } from "../components/page-header";
import { Layout } from "./layout";

export interface PageShellProps extends React.HTMLAttributes<HTMLDivElement> {
  /** the title block's heading; without it the page writes its own heading */
  title?: string;
  lead?: string | null;
  /** the page renders firstScreenEnd() itself (Layout) */
  marksFirstScreen?: boolean;
}

export function PageShell({
  title,
  lead,
  marksFirstScreen,
  className,
  children,
  ...column
}: PageShellProps): React.JSX.Element {
  return (
    <Layout marksFirstScreen={marksFirstScreen}>
      {title !== undefined && <PageHeader title={title} lead={lead} />}
      <div className={className ? `container ${className}` : "container"} {...column}>
        {children}
      </div>
    </Layout>
  );
}
