/**
 * /order/tickets/?order=<id>: the printable tickets of an order, one ticket per
 * printed A4 page with a QR code about 9 cm wide. "Print" opens the browser's print
 * dialog, whose "Save as PDF" keeps the tickets on a phone without the internet: the
 * browser renders the page's own fonts and Arabic shaping into the PDF, which a PDF made
 * in JavaScript would not.
 */
import { graphql } from "gatsby";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import { isBasketApiError } from "../clients/basket-client";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { Order } from "../core/order";
import type { StaticPageContext } from "../core/page-context";
import { href } from "../core/routes";
import { Link } from "../i18n/link";
import { usePageLanguage } from "../kernel/site-context";
import { useOrdersApi } from "../tickets/orders-api";
import { TicketCard } from "../tickets/ticket-cards";
import { placeIds, ticketViews } from "../tickets/ticket-view";
import { useVenues } from "../tickets/use-venues";
import * as styles from "../tickets/tickets.module.css";

function Sheets({ order }: { order: Order }): React.JSX.Element {
  const { t } = useTranslation("tickets");
  const language = usePageLanguage();
  const venues = useVenues(
    useMemo(() => placeIds(order), [order]),
    language,
  );
  const tickets = useMemo(() => ticketViews(order, venues), [order, venues]);
  return (
    <div className={styles.sheet} data-testid="printable-tickets">
      <div className={`${styles.sheetHead} ${styles.noprint}`}>
        <h1>{t("tickets.printTitle", { number: order.number })}</h1>
        <button type="button" className="btn" onClick={() => window.print()}>
          {t("tickets.printable")}
        </button>
      </div>
      <p className={styles.noprint}>{t("tickets.printHint")}</p>
      {tickets.length === 0 ? (
        <p>{t("tickets.notPaid")}</p>
      ) : (
        tickets.map((ticket) => <TicketCard key={ticket.code} ticket={ticket} print />)
      )}
    </div>
  );
}

export default function OrderTicketsPage({ location }: TemplateProps<StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation("tickets");
  const api = useOrdersApi();
  const [state, setState] = useState<{ order: Order } | "loading" | "notFound" | "failed">("loading");
  const [attempt, setAttempt] = useState(0);
  const id = new URLSearchParams(location.search).get("order")?.trim() || null;

  useEffect(() => {
    if (!id) {
      setState("notFound");
      return;
    }
    let live = true;
    setState("loading");
    api
      .getOrder(id)
      .then((order) => live && setState({ order }))
      .catch(
        (error: unknown) => live && setState(isBasketApiError(error) && error.status === 404 ? "notFound" : "failed"),
      );
    return () => {
      live = false;
    };
  }, [api, id, attempt]);

  return (
    <PageShell>
      {/* the page's heading while the order loads or fails: the tickets bring their own h1 */}
      {(state === "loading" || state === "failed") && <h1 className="visually-hidden">{t("tickets.pageTitle")}</h1>}
      {state === "loading" && <p aria-busy="true">…</p>}
      {state === "notFound" && (
        <>
          <h1>{t("lookup.title")}</h1>
          <p>{t("lookup.lead")}</p>
          <Link className="btn" to={href.orderLookup()}>
            {t("lookup.title")}
          </Link>
        </>
      )}
      {state === "failed" && (
        <p className={styles.alert} role="alert">
          {t("tickets.loadError")}{" "}
          <button type="button" className="btn btn-ghost" onClick={() => setAttempt((n) => n + 1)}>
            {t("tickets.retry")}
          </button>
        </p>
      )}
      {typeof state === "object" && <Sheets order={state.order} />}
    </PageShell>
  );
}

export const Head = textHead({ title: "tickets.print", noindex: true });

export const query = graphql`
  query OrderTicketsPage($language: String!) {
    ...LocalesTickets
  }
`;
