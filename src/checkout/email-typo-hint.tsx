/**
 * Under the checkout's e-mail field: "Did you mean john.smith@gmail.com?" with a button
 * that puts the suggestion into the field, once the visitor has left the field with an
 * address whose well-known domain looks misspelt. Dismissed suggestions stay dismissed for
 * that address.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Trans } from "../i18n/trans";
import { suggestEmail } from "./email-typo";
import * as styles from "../tickets/tickets.module.css";

export function EmailTypoHint({
  email,
  touched,
  onAccept,
}: {
  email: string;
  touched: boolean;
  onAccept: (email: string) => void;
}): React.JSX.Element | null {
  const { t } = useTranslation("tickets", { keyPrefix: "typo" });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const suggestion = useMemo(() => (touched ? suggestEmail(email) : null), [email, touched]);
  if (!suggestion || dismissed === email) return null;
  return (
    <div className={styles.typo} role="status" data-testid="email-typo">
      <span>
        <Trans
          t={t}
          i18nKey="suggest"
          values={{ email: suggestion }}
          components={{ 1: <bdi dir="ltr" className={styles.email} /> }}
        />
      </span>{" "}
      <button type="button" className="btn btn-ghost" onClick={() => onAccept(suggestion)}>
        {t("use", { email: suggestion })}
      </button>{" "}
      <button type="button" className="btn btn-ghost" onClick={() => setDismissed(email)}>
        {t("keep")}
      </button>
    </div>
  );
}
