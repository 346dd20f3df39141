/** /order/* catch-all: an order path that is none of the order pages. */
import { graphql } from "gatsby";
import type React from "react";
import { PageShell } from "../app/page-shell";
import { OrderNotFound } from "../checkout/outcome-parts";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { StaticPageContext } from "../core/page-context";
import * as styles from "../checkout/checkout.module.css";

export default function OrderNotFoundPage(_props: TemplateProps<StaticPageContext>): React.JSX.Element {
  return (
    <PageShell className={styles.page}>
      <OrderNotFound as="h1" />
    </PageShell>
  );
}

export const Head = textHead({ title: "order.notFound.title", noindex: true });

export const query = graphql`
  query ($language: String!) {
    ...LocalesAll
  }
`;
