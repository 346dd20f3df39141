/** /cart/ in three languages: the visitor's basket (everything in it lives in the browser). */
import { graphql } from "gatsby";
import { useTranslation } from "react-i18next";
import { CartView, cartPageClassName } from "../basket/cart-view";
import type { StaticPageContext } from "../site/page-context";
import { Layout } from "../components/layout";
import { Seo } from "../components/seo";
import type { TemplateHeadProps, TemplateProps } from "../components/template-types";
import { makeHeadT } from "../i18n/head-t";
import { UnpaidOrderBanner } from "../tickets/unpaid-order-banner";

export default function CartPage(_props: TemplateProps<StaticPageContext>) {
  const { t } = useTranslation();
  return (
    <Layout>
      <div className={`container ${cartPageClassName}`}>
        <h1>{t("cart.title")}</h1>
        <UnpaidOrderBanner boxed />
        <CartView />
      </div>
    </Layout>
  );
}

export function Head({ data, pageContext }: TemplateHeadProps<StaticPageContext>) {
  const t = makeHeadT(data);
  return (
    <Seo data={data} pageContext={pageContext} title={t("cart.title")} description={t("cart.description")} noindex />
  );
}

export const query = graphql`
  query CartPage($language: String!) {
    ...LocalesPages
  }
`;
