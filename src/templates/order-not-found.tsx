/** /order/* catch-all: an order path that is none of the order pages. */
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type React from "react";
import type { StaticPageContext } from "../site/page-context";
import { OrderNotFound } from "../checkout/outcome-parts";
import { Layout } from "../components/layout";
import { Seo } from "../components/seo";
import { makeHeadT, type LocalesQueryData } from "../i18n/head-t";
import * as styles from "../checkout/checkout.module.css";

export default function OrderNotFoundPage(_props: PageProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  return (
    <Layout>
      <div className={`container ${styles.page}`}>
        <OrderNotFound as="h1" />
      </div>
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  const t = makeHeadT(data);
  return <Seo data={data} pageContext={pageContext} title={t("order.notFound.title")} noindex />;
}

export const query = graphql`
  query ($language: String!) {
    ...LocalesAll
  }
`;
