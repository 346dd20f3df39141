/**
 * Shows the queued toasts with react-toastify, worded in the page's language.
 *
 * It lives inside the page (HeaderShopControls renders it), where useTranslation works.
 * react-toastify and its ~15 KB of CSS are loaded only when the first toast arrives, so
 * pages without a toast never pay for them. Its unstyled build is used with the stylesheet
 * as a file: the default build injects a <style> element, which the site's
 * Content-Security-Policy (style-src 'self') refuses.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useToasts } from "./toast-context";

type Toastify = typeof import("react-toastify/unstyled");

let outletClaimed = false;

export function ToastOutlet() {
  const bus = useToasts();
  const { t, i18n } = useTranslation();
  const [toastify, setToastify] = useState<Toastify | null>(null);
  const [pendingTick, setPendingTick] = useState(0);
  // Two headers (say, desktop and phone) must not show every toast twice.
  const [owner, setOwner] = useState(false);

  useEffect(() => {
    if (outletClaimed) return;
    outletClaimed = true;
    setOwner(true);
    return () => {
      outletClaimed = false;
    };
  }, []);

  useEffect(() => {
    if (!owner) return;
    const onToast = () => setPendingTick((n) => n + 1);
    if (bus.size > 0) onToast();
    return bus.subscribe(onToast);
  }, [bus, owner]);

  useEffect(() => {
    if (!owner || toastify || bus.size === 0) return;
    let cancelled = false;
    Promise.all([import("react-toastify/unstyled"), import("react-toastify/ReactToastify.css")])
      .then(([mod]) => {
        if (!cancelled) setToastify(mod);
      })
      .catch(() => {
        // chunk failed to load: the messages stay queued for the next attempt
      });
    return () => {
      cancelled = true;
    };
  }, [owner, toastify, bus, pendingTick]);

  // Runs after the container below has mounted, so no toast is emitted into the void.
  useEffect(() => {
    if (!toastify || !owner) return;
    for (const item of bus.take()) {
      const text: string = t(item.messageKey, { ...item.values });
      if (item.kind === "default") toastify.toast(text);
      else toastify.toast(text, { type: item.kind });
    }
  }, [toastify, owner, bus, pendingTick, t]);

  if (!toastify || !owner) return null;
  const rtl = i18n.dir() === "rtl";
  const { ToastContainer } = toastify;
  return (
    <ToastContainer
      position={rtl ? "top-left" : "top-right"}
      rtl={rtl}
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      closeButton
      // below the sticky header, so a toast never hides the basket count it talks about
      style={{ insetBlockStart: "calc(var(--header-h, 56px) + 8px)" }}
    />
  );
}
