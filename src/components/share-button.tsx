/**
 * Sharing an event: the phone's share sheet where the browser has one, WhatsApp (what
 * most people in the UAE message with), Telegram, e-mail, and copying the link. The
 * messenger and mail links are plain links written at build time, so they work before
 * any script runs; the share sheet appears only once the browser says it has one, so the
 * server render and hydration agree.
 */
import type React from "react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { absoluteUrl } from "../core/routes";
import { usePageLanguage, useSite } from "../kernel/site-context";
import { ShareIcon } from "./icons";
import { shareTargets } from "./share-targets";
import * as styles from "./share-button.module.css";

/** The messengers with a link of their own, each in its brand's border colour. */
const MESSENGERS = ["whatsapp", "telegram"] as const;

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard permission (an old browser, an insecure origin): select-and-copy.
    const field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.className = styles.offscreen ?? "";
    document.body.appendChild(field);
    field.select();
    document.execCommand("copy");
    field.remove();
  }
}

export function ShareButton({ title, className }: { title: string; className?: string }): React.JSX.Element {
  const { t } = useTranslation();
  const { siteUrl, originalPath } = useSite();
  const language = usePageLanguage();
  const url = absoluteUrl(siteUrl, originalPath, language);
  const targets = shareTargets(title, url);
  const [canShare, setCanShare] = useState(false);
  const [message, setMessage] = useState("");

  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(""), 4000);
    return () => window.clearTimeout(timer);
  }, [message]);

  async function share() {
    try {
      await navigator.share({ title, url });
    } catch {
      // closed by the visitor, or refused: the links beside it still work
    }
  }

  async function copy() {
    await copyText(url);
    setMessage(t("share.copied"));
  }

  return (
    <div className={styles.share}>
      <ul className={styles.list} aria-label={t("share.linksLabel")}>
        {canShare && (
          <li>
            <button type="button" className={className} onClick={() => void share()}>
              <ShareIcon size={20} />
              <span>{t("share.title")}</span>
            </button>
          </li>
        )}
        {MESSENGERS.map((messenger) => (
          <li key={messenger}>
            <a
              className={`${styles.target} ${styles[messenger]}`}
              href={targets[messenger]}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t(`share.${messenger}`)}
            </a>
          </li>
        ))}
        <li>
          <a className={styles.target} href={targets.email}>
            {t("share.email")}
          </a>
        </li>
        <li>
          <button type="button" className={styles.target} onClick={() => void copy()}>
            {t("share.copy")}
          </button>
        </li>
      </ul>
      <span role="status" aria-live="polite" className={styles.status}>
        {message}
      </span>
    </div>
  );
}
