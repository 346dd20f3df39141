/**
 * "Add to Apple Wallet" and "Add to Google Wallet": each platform's badge (black, its own
 * mark and its published words in the page's language, never restyled) on the device that can
 * use it. Which device it is comes from the user agent, read in an effect: the server-rendered
 * page shows neither badge, and neither does a page whose server does not offer the wallet
 * (a 2.2 server, or one without certificates).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  NO_WALLETS,
  type OrderWallets,
  offerFor,
  ticketLink,
  type WalletOffer,
  type WalletPlatform,
  walletPlatform,
} from "../core/wallet";
import { useOrdersApi } from "./orders-api";
import * as styles from "./wallet.module.css";

/** The device's wallet, known after the first render (null while server-rendered and hydrating). */
export function useWalletPlatform(): WalletPlatform | null {
  const [platform, setPlatform] = useState<WalletPlatform | null>(null);
  useEffect(() => setPlatform(walletPlatform(navigator.userAgent)), []);
  return platform;
}

/** The wallet links of a paid order; none until the server answers, and none if it does not. */
export function useOrderWallets(orderId: string, paid: boolean): OrderWallets {
  const api = useOrdersApi();
  const [wallets, setWallets] = useState<OrderWallets>(NO_WALLETS);
  useEffect(() => {
    if (!paid) return;
    let live = true;
    api
      .getWalletLinks(orderId)
      // a wallet is an extra: when its links cannot be had, the tickets are there all the same
      .then(
        (w) => live && setWallets(w),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [api, orderId, paid]);
  return wallets;
}

/** The device's wallet and what the server offers in it; null when it offers nothing there (or not yet known). */
export type DeviceWallet = { platform: WalletPlatform; offer: WalletOffer } | null;

/** The offer this device is shown: its own wallet's, when the server offers it. */
export function useWalletOffer(orderId: string, paid: boolean): DeviceWallet {
  const platform = useWalletPlatform();
  const wallets = useOrderWallets(orderId, paid && platform !== null);
  const offer = platform ? offerFor(wallets, platform) : null;
  return platform && offer ? { platform, offer } : null;
}

const AppleWalletMark = () => (
  <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect x="1" y="3" width="30" height="26" rx="6" fill="#d9d9d9" />
    <rect x="4" y="6" width="24" height="6" rx="1.5" fill="#34c759" />
    <rect x="4" y="10" width="24" height="6" rx="1.5" fill="#ffcc00" />
    <rect x="4" y="14" width="24" height="6" rx="1.5" fill="#ff9500" />
    <rect x="4" y="18" width="24" height="6" rx="1.5" fill="#ff3b30" />
    <path d="M1 20h9a6 6 0 0 0 12 0h9v3a6 6 0 0 1-6 6H7a6 6 0 0 1-6-6z" fill="#f2f2f2" />
  </svg>
);

const GoogleWalletMark = () => (
  <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect x="3" y="5" width="26" height="10" rx="3" fill="#ea4335" />
    <rect x="3" y="9" width="26" height="10" rx="3" fill="#fbbc04" />
    <rect x="3" y="13" width="26" height="10" rx="3" fill="#34a853" />
    <path d="M3 19l20-6a4 4 0 0 1 6 3.5V24a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z" fill="#4285f4" />
  </svg>
);

/** One wallet's badge linking to `href`; `label` names what it adds, for screen readers. */
export function WalletBadge({
  platform,
  href,
  label,
}: {
  platform: WalletPlatform;
  href: string;
  label: string;
}): React.JSX.Element {
  const { t } = useTranslation("tickets", { keyPrefix: "wallet" });
  // Apple's badge: two lines ("Add to" above "Apple Wallet"); Google's: one
  return platform === "apple" ? (
    <a className={`${styles.badge} ${styles.apple}`} href={href} aria-label={label} data-wallet="apple">
      <AppleWalletMark />
      <span className={styles.words}>
        <span className={styles.small}>{t("appleLine1")}</span>
        <span className={styles.big} dir="ltr">
          Apple Wallet
        </span>
      </span>
    </a>
  ) : (
    <a
      className={`${styles.badge} ${styles.google}`}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      data-wallet="google"
    >
      <GoogleWalletMark />
      <span className={styles.words}>{t("google")}</span>
    </a>
  );
}

/** The badge for one ticket, when the device's wallet is offered for it. */
export function TicketWalletBadge({ wallet, code }: { wallet: DeviceWallet; code: string }): React.JSX.Element | null {
  const { t } = useTranslation("tickets", { keyPrefix: "wallet" });
  const url = ticketLink(wallet?.offer ?? null, code);
  if (!wallet || !url) return null;
  return (
    <WalletBadge
      platform={wallet.platform}
      href={url}
      label={t(wallet.platform === "apple" ? "appleTicket" : "googleTicket", { code })}
    />
  );
}

/** The badge that adds every ticket of an order at once (My orders, and above several tickets). */
export function OrderWalletBadge({ wallet, count }: { wallet: DeviceWallet; count: number }): React.JSX.Element | null {
  const { t } = useTranslation("tickets", { keyPrefix: "wallet" });
  if (!wallet?.offer.orderUrl) return null;
  return (
    <div className={styles.order} data-testid="order-wallet">
      {count > 1 && <span className={styles.caption}>{t("allTickets", { count })}</span>}
      <WalletBadge
        platform={wallet.platform}
        href={wallet.offer.orderUrl}
        label={t(wallet.platform === "apple" ? "appleOrder" : "googleOrder", { count })}
      />
    </div>
  );
}
