import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import { Section } from "../components/section";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import { formatNumber } from "../core/format";
import type { PayAndDeliveryPageContext } from "../core/page-context";
import { REFUND_POLICY } from "../core/seller";
import { usePageLanguage } from "../kernel/site-context";
import * as styles from "./pay-and-delivery.module.css";

/** "Bank card" under the title "Bank card" says nothing: the kind is shown only when it adds a word. */
function sameWords(a: string, b: string): boolean {
  const words = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, " ").trim();
  return words(a) === words(b);
}

export default function PayAndDeliveryTemplate({
  pageContext,
}: TemplateProps<PayAndDeliveryPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { acquisitions } = pageContext;
  const delivery = t("payDelivery.deliveryText", { returnObjects: true }) as unknown;
  return (
    <PageShell title={t("payDelivery.title")} lead={t("payDelivery.description")}>
      <Section id="payment" title={t("payDelivery.payment")}>
        <p className="prose">{t("payDelivery.paymentLead")}</p>
        {acquisitions.length === 0 ? (
          <p className="empty">{t("payDelivery.empty")}</p>
        ) : (
          <ul className={styles.list}>
            {acquisitions.map((a) => (
              <li key={a.id} className={styles.item} data-acquisition-id={a.id}>
                <h3 className={styles.name}>
                  <bdi>{a.title}</bdi>
                </h3>
                {sameWords(a.title, t(`payDelivery.types.${a.type}`)) ? null : (
                  <p className={styles.type}>{t(`payDelivery.types.${a.type}`)}</p>
                )}
                {a.description && <p className={styles.description}>{a.description}</p>}
                <p className={styles.currencies}>
                  <span>{t("payDelivery.currencies")}:</span>
                  {a.currencies.map((c) => (
                    <bdi key={c} className={styles.currency}>
                      {c}
                    </bdi>
                  ))}
                </p>
                <p className="muted">
                  {a.feePercent
                    ? t("payDelivery.fee", { fee: formatNumber(a.feePercent, lang, a.feePercent % 1 ? 1 : 0) })
                    : t("payDelivery.noFee")}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="delivery" title={t("payDelivery.delivery")}>
        <div className="prose">
          {(Array.isArray(delivery) ? (delivery as string[]) : []).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      </Section>
      <Section id="refunds" title={t("payDelivery.refunds")}>
        <p className="prose" data-testid="refund-policy">
          {REFUND_POLICY[lang]}
        </p>
      </Section>
    </PageShell>
  );
}

export const Head = textHead({ title: "payDelivery.title", description: "payDelivery.description" });

export const query = graphql`
  query PayAndDeliveryPage($language: String!) {
    ...LocalesPages
  }
`;
