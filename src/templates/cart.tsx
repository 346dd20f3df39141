/** /cart/ in three languages: the visitor's basket (everything in it lives in the browser). */
import { graphql } from "gatsby";
import { useTranslation } from "react-i18next";
import { AfterStartup, deferredPart } from "../app/deferred-part";
import { PageShell } from "../app/page-shell";
import { CartView, cartPageClassName } from "../basket/cart-view";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { StaticPageContext } from "../core/page-context";

// the reminder of an unpaid order: nothing to show before this browser's orders are asked
// for, so its code (and the Trans it words itself with) waits for the first idle moment
const unpaidOrderBanner = deferredPart(() =>
  import(/* webpackChunkName: "unpaid-order-banner" */ "../tickets/unpaid-order-banner").then(
    (m) => m.BoxedUnpaidOrderBanner,
  ),
);

export default function CartPage(_props: TemplateProps<StaticPageContext>) {
  const { t } = useTranslation();
  return (
    <PageShell className={cartPageClassName}>
      <h1>{t("cart.title")}</h1>
      <AfterStartup part={unpaidOrderBanner} />
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
