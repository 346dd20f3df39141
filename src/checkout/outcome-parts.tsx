/**
 * Pieces the order pages share: the order number, the status badge, the build-time
 * shell, the "could not load" notice, the helpful empty state and "order not found".
 */
import React from "react";
import { useTranslation } from "react-i18next";
import type { Order, OrderStatus } from "../basket/types";
import { findCurrency } from "../currency/choose-currency";
import { useCurrency } from "../currency/currency-context";
import { Layout } from "../components/layout";
import { Link } from "../i18n/link";
import { OrderSummary } from "./order-summary";
import type { OrderView } from "./use-order";

export function OrderNumber({ id }: { id: string }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <dl className="co-meta">
      <dt>{t("order.orderNumber")}</dt>
      <dd>
        <bdi className="co-mono" data-testid="order-number">{id}</bdi>
      </dd>
    </dl>
  );
}

export function StatusBadge({ status }: { status: OrderStatus }): React.JSX.Element {
  const { t } = useTranslation();
  return <span className={`co-status co-status-${status.replace("_", "-")}`}>{t(`order.status.${status}`)}</span>;
}

/** What the page shows until the browser has read the URL and the order has come back. */
export function LoadingShell({ text }: { text: string }): React.JSX.Element {
  return (
    <div className="co-skeleton" role="status" aria-live="polite">
      <p>{text}</p>
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry(): void }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="co-alert co-alert-error" role="alert">
      <p>{t("order.loadError")}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t("order.retry")}
      </button>
    </div>
  );
}

export interface WayForward {
  to: string;
  label: string;
  primary?: boolean;
}

export function WaysForward({ links, label }: { links: readonly WayForward[]; label?: string }): React.JSX.Element {
  return (
    <ul className="co-links co-noprint" aria-label={label}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={link.primary ? "btn" : "btn btn-ghost"}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A page reached without an order: not an error, an explanation and where to go. */
export function EmptyOutcome({ heading, text, links, children }: { heading: string; text: string; links: readonly WayForward[]; children?: React.ReactNode }): React.JSX.Element {
  return (
    <section className="co-card" aria-labelledby="co-empty-heading" data-testid="empty-outcome">
      <h2 id="co-empty-heading">{heading}</h2>
      <p>{text}</p>
      {children}
      <WaysForward links={links} />
    </section>
  );
}

/** No such order in this browser's session: said plainly, with ways forward. */
export function OrderNotFound({ as: Heading = "h2" }: { as?: "h1" | "h2" }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <section className="co-card" aria-labelledby="co-not-found-heading" data-testid="order-not-found">
      <Heading id="co-not-found-heading">{t("order.notFound.heading")}</Heading>
      <p>{t("order.notFound.text")}</p>
      <WaysForward
        label={t("order.notFound.ways")}
        links={[
          { to: "/events/", label: t("order.notFound.browseEvents"), primary: true },
          { to: "/cart/", label: t("order.notFound.openCart") },
          { to: "/contacts/", label: t("order.notFound.contacts") },
        ]}
      />
    </section>
  );
}

/** The summary of an order beside an outcome, in the order's own currency. */
export function OrderSummaryAside({ order }: { order: Order }): React.JSX.Element {
  const { currencies } = useCurrency();
  return (
    <aside aria-labelledby="co-summary-heading">
      <OrderSummary
        headingId="co-summary-heading"
        events={order.events}
        total={order.total}
        currencyCode={order.currencyCode}
        decimals={findCurrency(currencies, order.currencyCode)?.decimals}
      />
    </aside>
  );
}

/**
 * An outcome page while its order is not (or not yet) the one it is about: loading, no
 * order in the address (a direct visit: `empty`), someone else's or an unknown order, a
 * failed load, or an order in another state (`ready`).
 */
export function OrderOutcomeFallback({ title, view, onRetry, empty, ready }: {
  title: string;
  view: OrderView;
  onRetry(): void;
  empty: React.ReactNode;
  ready?: (order: Order) => React.ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation();
  let body: React.ReactNode;
  switch (view.kind) {
    case "pending":
    case "loading":
      body = <LoadingShell text={t("order.loading")} />;
      break;
    case "none":
      body = empty;
      break;
    case "not-found":
      body = <OrderNotFound />;
      break;
    case "error":
      body = <LoadError onRetry={onRetry} />;
      break;
    case "ready":
      body = ready?.(view.order) ?? null;
      break;
  }
  return (
    <Layout>
      <div className="container co-page">
        <h1>{title}</h1>
        {body}
      </div>
    </Layout>
  );
}
