import React, { useState } from "react";
import { useTranslation } from "react-i18next";
import { ShareIcon } from "./icons";

/**
 * Shares the page with the system share sheet where there is one (phones), and copies
 * the link otherwise. The outcome is announced in a polite live region.
 */
export function ShareButton({ title, className }: { title: string; className?: string }): React.JSX.Element {
  const { t } = useTranslation();
  const [message, setMessage] = useState("");

  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The visitor closed the sheet: nothing to do. Anything else: fall back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard permission (an old browser, an insecure origin): select-and-copy.
      const field = document.createElement("textarea");
      field.value = url;
      field.setAttribute("readonly", "");
      field.style.position = "fixed";
      field.style.opacity = "0";
      document.body.appendChild(field);
      field.select();
      document.execCommand("copy");
      field.remove();
    }
    setMessage(t("event.linkCopied"));
    window.setTimeout(() => setMessage(""), 4000);
  }

  return (
    <>
      <button type="button" className={className} onClick={share}>
        <ShareIcon size={20} />
        <span>{t("event.share")}</span>
      </button>
      <span role="status" aria-live="polite" className="share-status">
        {message}
      </span>
    </>
  );
}
