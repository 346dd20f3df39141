/**
 * "Order UAE-7K3M9Q awaits payment, 12:41 left — Continue to payment": shown under the
 * header on every page and on the cart while this browser's session has an order awaiting
 * payment, so an unpaid order is never forgotten and its tickets are not lost by accident.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBasket } from "../basket/basket-context";
import { Clock, useSecondsLeft } from "../components/clock";
import { clockText } from "../core/countdown";
import type { Order } from "../core/order";
import { href } from "../core/routes";
import { Link } from "../i18n/link";
import { Trans } from "../i18n/trans";
import { useOrdersApi } from "./orders-api";
import { unpaidOrder } from "./unpaid-order";
import * as styles from "./tickets.module.css";

export function UnpaidOrderBanner({ boxed = false }: { boxed?: boolean }): React.JSX.Element | null {
  const { t } = useTranslation("common");
  const api = useOrdersApi();
  // after the basket's first answer: a first visit then asks once and gets one session, not two
  const { loading } = useBasket();
  const [order, setOrder] = useState<Order | null>(null);
  const left = useSecondsLeft(order?.expiresAt ?? null);

  useEffect(() => {
    if (loading) return;
    let live = true;
    api
      .listOrders()
      .then((orders) => live && setOrder(unpaidOrder(orders, Date.now())))
      .catch(() => {
        /* the reminder is a courtesy: without an answer there is nothing to remind of */
      });
    return () => {
      live = false;
    };
  }, [api, loading]);

  // gone once the time to pay is over
  if (!order || !left) return null;
  return (
    <div
      className={boxed ? `${styles.banner} ${styles.bannerBox}` : styles.banner}
      role="status"
      data-testid="unpaid-order-banner"
    >
      <span>
        {/* the clock (<2>) is the countdown's own: it writes its time itself, in place of the sentence's copy */}
        <Trans
          t={t}
          i18nKey="unpaidOrder.text"
          values={{ number: order.number, time: clockText(left) }}
          components={{ 1: <bdi />, 2: <Clock seconds={left} /> }}
        />
      </span>
      <Link className={styles.bannerAction} to={href.orderPay(order.id)}>
        {t("unpaidOrder.action")}
      </Link>
    </div>
  );
}

/** The reminder in a box of its own, as the cart shows it under its heading. */
export function BoxedUnpaidOrderBanner(): React.JSX.Element | null {
  return <UnpaidOrderBanner boxed />;
}
