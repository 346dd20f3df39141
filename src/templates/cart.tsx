/** /cart/ in three languages: the visitor's basket (everything in it lives in the browser). */
import { graphql } from "gatsby";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import { CartView, cartPageClassName } from "../basket/cart-view";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { StaticPageContext } from "../core/page-context";
import { UnpaidOrderBanner } from "../tickets/unpaid-order-banner";

export default function CartPage(_props: TemplateProps<StaticPageContext>) {
  const { t } = useTranslation();
  return (
    <PageShell className={cartPageClassName}>
      <h1>{t("cart.title")}</h1>
      <UnpaidOrderBanner boxed />
      <CartView />
    </PageShell>
  );
}

export const Head = textHead({ title: "cart.title", description: "cart.description", noindex: true });

export const query = graphql`
  query CartPage($language: String!) {
    ...LocalesPages
  }
`;
