/**
 * The phone wallets an order's tickets can be added to (basket contract 2.3, getWalletLinks),
 * and which one a visitor's device is shown: Apple Wallet on Apple's platforms (iPhone, iPad,
 * Mac, whose Safari adds a pass), Google Wallet on Android and everywhere else (a pass saved
 * from a computer reaches the Android phone of the same Google account). Each platform's badge
 * rules ask that a device not be offered the other's wallet.
 */
export interface WalletLink {
  /** the ticket's code */
  code: string;
  url: string;
}

export interface WalletOffer {
  /** every ticket of the order at once; null when it has none */
  orderUrl: string | null;
  tickets: WalletLink[];
}

/** What the server offers for one order; a wallet it does not offer is null (and a 2.2 server offers neither). */
export interface OrderWallets {
  apple: WalletOffer | null;
  google: WalletOffer | null;
}

export type WalletPlatform = "apple" | "google";

export const NO_WALLETS: OrderWallets = { apple: null, google: null };

/**
 * The wallet of the device a user agent names. iPadOS's Safari says "Macintosh", so a Mac
 * with a touch screen is an iPad; either way it is Apple's.
 */
export function walletPlatform(userAgent: string): WalletPlatform {
  if (/Android/i.test(userAgent)) return "google";
  return /iPhone|iPad|iPod|Macintosh|Mac OS X|watchOS/i.test(userAgent) ? "apple" : "google";
}

/** The offer a platform is shown, or null when the server does not offer its wallet. */
export function offerFor(wallets: OrderWallets, platform: WalletPlatform): WalletOffer | null {
  return platform === "apple" ? wallets.apple : wallets.google;
}

/** A ticket's link in an offer, if the ticket has one (a revoked ticket has none). */
export function ticketLink(offer: WalletOffer | null, code: string): string | null {
  return offer?.tickets.find((l) => l.code === code)?.url ?? null;
}
