/**
 * /orders/ in three languages: the orders of this browser (placed here or found with
 * "Find my order"), newest first, each with its status and the way to its tickets or to
 * payment. Outside /order/, whose addresses are the client-only order pages.
 */
import { graphql } from "gatsby";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { Order } from "../core/order";
import type { StaticPageContext } from "../core/page-context";
import { href } from "../core/routes";
import { Link } from "../i18n/link";
import { OrderLine } from "../tickets/order-line";
import { useOrdersApi } from "../tickets/orders-api";
import * as styles from "../tickets/tickets.module.css";

/** Newest first, whatever order the answer came in. */
export function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
}

export default function MyOrdersPage(_props: TemplateProps<StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation("tickets");
  const api = useOrdersApi();
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    api
      .listOrders()
      .then((list) => setOrders(newestFirst(list)))
      .catch(() => setFailed(true));
  }, [api]);
  useEffect(load, [load]);

  return (
    <PageShell>
      <h1>{t("orders.title")}</h1>
      <p>{t("orders.lead")}</p>
      {failed ? (
        <p className={styles.alert} role="alert">
          {t("orders.loadError")}{" "}
          <button type="button" className="btn btn-ghost" onClick={load}>
            {t("orders.retry")}
          </button>
        </p>
      ) : orders === null ? (
        <p aria-busy="true" className={styles.muted}>
          …
        </p>
      ) : orders.length === 0 ? (
        <p data-testid="orders-empty">{t("orders.empty")}</p>
      ) : (
        <ul className={styles.orders} data-testid="orders-list">
          {orders.map((order) => (
            <OrderLine key={order.id} order={order} as="li" />
          ))}
        </ul>
      )}
      <p>
        <Link to={href.orderLookup()}>{t("orders.findAnother")}</Link>
      </p>
    </PageShell>
  );
}

export const Head = textHead({ title: "orders.title", description: "orders.lead", noindex: true });

export const query = graphql`
  query MyOrdersPage($language: String!) {
    ...LocalesTickets
  }
`;
