/**
 * Pieces the order pages share: the order number, the status badge, the build-time
 * shell, the "could not load" notice, the helpful empty state and "order not found".
 */
import type React from "react";
import { useTranslation } from "react-i18next";
import { useMoneyText } from "../components/money";
import type { Acquisition } from "../core/catalogue";
import { formatDateTime, joinParts } from "../core/format";
import type { Order, OrderStatus } from "../core/order";
import { href } from "../core/routes";
import { findCurrency } from "../currency/choose-currency";
import { useCurrency } from "../currency/currency-context";
import { Link } from "../i18n/link";
import { Trans } from "../i18n/trans";
import { usePageLanguage } from "../kernel/site-context";
import { OrderSummary } from "./order-summary";
import * as styles from "./checkout.module.css";

/** The order's number for people (never the long id, which stays in addresses). */
export function OrderNumber({ number }: { number: string }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <dl className={styles.meta}>
      <dt>{t("order.orderNumber")}</dt>
      <dd>
        <bdi className={`${styles.mono} ${styles.nowrap}`} dir="ltr" data-testid="order-number">
          {number}
        </bdi>
      </dd>
    </dl>
  );
}

/**
 * An order paid later, outside the site (cash at the box office, bank transfer): where,
 * by when and how much, the amount with the way's fee included.
 */
export function PayLaterInstructions({
  order,
  acquisition,
}: {
  order: Order;
  acquisition: Acquisition;
}): React.JSX.Element {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const moneyText = useMoneyText();
  const { currencies } = useCurrency();
  const decimals = findCurrency(currencies, order.currencyCode)?.decimals;
  const places = [...new Set(order.events.map((g) => g.event.place?.title).filter((p): p is string => !!p))];
  const values = {
    amount: moneyText(order.total.amount, order.currencyCode, decimals),
    deadline: order.expiresAt ? formatDateTime(order.expiresAt, language) : "",
    number: order.number,
    email: order.email ?? "",
    places: joinParts(places, language),
    way: acquisition.title,
  };
  const bdi = <bdi />;
  const components = {
    amount: bdi,
    deadline: bdi,
    number: <bdi dir="ltr" />,
    email: <bdi dir="ltr" />,
    places: bdi,
    way: bdi,
  };
  const kind = acquisition.type === "cash" ? "cash" : "bank";
  const deadlineKnown = !!order.expiresAt;
  return (
    <section
      className={`${styles.alert} ${styles.alertInfo}`}
      aria-labelledby="co-pay-later-heading"
      data-testid="pay-later"
    >
      <h2 id="co-pay-later-heading">{t(`order.payLater.${kind}Heading`)}</h2>
      <ul className={styles.payLater}>
        <li data-testid="pay-later-amount">
          <Trans t={t} i18nKey={`order.payLater.${kind}Amount`} values={values} components={components} />
        </li>
        {kind === "cash" && places.length > 0 && (
          <li>
            <Trans t={t} i18nKey="order.payLater.cashWhere" values={values} components={components} />
          </li>
        )}
        {kind === "bank" && (
          <li>
            <Trans t={t} i18nKey="order.payLater.bankDetails" values={values} components={components} />
          </li>
        )}
        {deadlineKnown && (
          <li data-testid="pay-later-deadline">
            <Trans t={t} i18nKey={`order.payLater.${kind}Deadline`} values={values} components={components} />
          </li>
        )}
        <li>
          <Trans t={t} i18nKey={`order.payLater.${kind}Quote`} values={values} components={components} />
        </li>
      </ul>
    </section>
  );
}

/** The order's amounts are in its own currency: the header's switcher is not offered here. */
export function FixedCurrencyNote({ currencyCode }: { currencyCode: string }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <p className={styles.fixedCurrency} data-testid="currency-fixed">
      <Trans
        t={t}
        i18nKey="order.currencyFixed"
        values={{ currency: currencyCode.toUpperCase() }}
        components={{ code: <bdi dir="ltr" /> }}
      />
    </p>
  );
}

const STATUS_CLASS: Partial<Record<OrderStatus, string>> = {
  paid: styles.statusPaid,
  failed: styles.statusFailed,
  expired: styles.statusCancelled,
  cancelled: styles.statusCancelled,
};

export function StatusBadge({ status }: { status: OrderStatus }): React.JSX.Element {
  const { t } = useTranslation();
  return <span className={`${styles.status} ${STATUS_CLASS[status] ?? ""}`}>{t(`order.status.${status}`)}</span>;
}

/** What the page shows until the browser has read the URL and the order has come back. */
export function LoadingShell({ text }: { text: string }): React.JSX.Element {
  return (
    <div className={styles.skeleton} role="status" aria-live="polite">
      <p>{text}</p>
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry(): void }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <div className={`${styles.alert} ${styles.alertError}`} role="alert">
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
    <ul className={`${styles.links} ${styles.noprint}`} aria-label={label}>
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

/**
 * A page reached without an order: not an error, an explanation and where to go: the events
 * first, then the page's `more` ways, then, with `contacts`, the contact page.
 */
export function EmptyOutcome({
  heading,
  text,
  more = [],
  contacts = false,
  children,
}: {
  heading: string;
  text: string;
  more?: readonly WayForward[];
  contacts?: boolean;
  children?: React.ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation();
  const links: WayForward[] = [{ to: href.events(), label: t("order.notFound.browseEvents"), primary: true }, ...more];
  if (contacts) links.push({ to: href.info("contacts"), label: t("order.notFound.contacts") });
  return (
    <section className={styles.card} aria-labelledby="co-empty-heading" data-testid="empty-outcome">
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
    <section className={styles.card} aria-labelledby="co-not-found-heading" data-testid="order-not-found">
      <Heading id="co-not-found-heading">{t("order.notFound.heading")}</Heading>
      <p>{t("order.notFound.text")}</p>
      <WaysForward
        label={t("order.notFound.ways")}
        links={[
          { to: href.orderLookup(), label: t("footer.findOrder"), primary: true },
          { to: href.events(), label: t("order.notFound.browseEvents") },
          { to: href.cart(), label: t("order.notFound.openCart") },
          { to: href.info("contacts"), label: t("order.notFound.contacts") },
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
        promo={order.promo}
        currencyCode={order.currencyCode}
        decimals={findCurrency(currencies, order.currencyCode)?.decimals}
      />
    </aside>
  );
}
