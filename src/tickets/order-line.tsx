/**
 * One order in a list (my orders) or as a found result (order lookup): its number, status,
 * date, ticket count and amount, its promo code and what it took off, and the way on: to the tickets when paid, to payment
 * while it can still be paid; a paid order's tickets into the phone's wallet at once.
 */
import { useTranslation } from "react-i18next";
import { Money } from "../components/money";
import { formatDate, formatDateTime } from "../core/format";
import type { Order } from "../core/order";
import { href } from "../core/routes";
import { Link } from "../i18n/link";
import { usePageLanguage } from "../kernel/site-context";
import { PromoLines } from "../promo/promo-lines";
import { OrderWalletBadge, useWalletOffer } from "./wallet-buttons";
import * as styles from "./tickets.module.css";

export function canStillPay(order: Order, now: number): boolean {
  return (
    (order.status === "awaiting_payment" || order.status === "failed") &&
    order.expiresAt !== null &&
    new Date(order.expiresAt).getTime() > now
  );
}

export function OrderLine({
  order,
  as: Tag = "div",
  showWallet = true,
}: {
  order: Order;
  as?: "div" | "li";
  /** false where the tickets themselves follow with their own wallet badges (the look-up) */
  showWallet?: boolean;
}): React.JSX.Element {
  const { t } = useTranslation("tickets");
  const paid = order.status === "paid" && order.tickets.length > 0;
  const wallet = useWalletOffer(order.id, showWallet && paid);
  const language = usePageLanguage();
  const titles = [...new Set(order.events.map((g) => g.event.title))].join(" · ");
  return (
    <Tag className={styles.orderRow} data-testid="order-line" data-order-id={order.id}>
      <div className={styles.orderMain}>
        <span>
          <bdi className={styles.orderNumber}>{order.number}</bdi>{" "}
          <span className={styles.status} data-status={order.status}>
            {t(`orders.status.${order.status}`)}
          </span>
        </span>
        {titles && <span>{titles}</span>}
        <span className={styles.muted}>
          {t("orders.placedOn", { date: formatDate(order.createdAt, language) })}
          {" · "}
          {t("orders.count", { count: order.total.count })}
          {" · "}
          <Money value={order.total.amount} currencyCode={order.currencyCode} />
        </span>
        {order.promo && (
          <span className={styles.muted} data-testid="order-line-promo">
            <PromoLines
              promo={order.promo}
              currencyCode={order.currencyCode}
              row={({ label, value, testId }) => (
                <span className={styles.promoPart} data-testid={testId}>
                  {label} {value}
                </span>
              )}
            />
          </span>
        )}
        {canStillPay(order, Date.now()) && order.expiresAt && (
          <span className={styles.muted}>{t("orders.payBy", { time: formatDateTime(order.expiresAt, language) })}</span>
        )}
      </div>
      {paid && (
        <Link className="btn" to={href.orderTickets(order.id)}>
          {t("orders.showTickets")}
        </Link>
      )}
      {paid && showWallet && <OrderWalletBadge wallet={wallet} count={order.tickets.length} />}
      {canStillPay(order, Date.now()) && (
        <Link className="btn" to={href.orderPay(order.id)}>
          {t("orders.pay")}
        </Link>
      )}
    </Tag>
  );
}
