/**
 * "Did you mean john.smith@gmail.com?" for an e-mail address with a misspelt well-known
 * domain (gmial.con, yandx.ru, hotmial.com), before the order is placed: a mistyped address
 * loses the tickets.
 *
 * The matching is the mailcheck algorithm (@zootools/email-spell-checker); the lists are
 * ours, for the shop's visitors: the UAE, Russia and the big international mail services.
 * Its own TLD list has "co", which turns ".con" into ".co" instead of ".com", and knows no
 * Emirati second-level domains, so "uni.ac.ae" became "uni.co.ae". A second pass lets a
 * corrected TLD reach the domain ("gmial.con" -> "gmial.com" -> "gmail.com").
 */
import { run } from "@zootools/email-spell-checker";

export const KNOWN_DOMAINS = [
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "hotmail.com",
  "outlook.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "zoho.com",
  "mail.ru",
  "bk.ru",
  "inbox.ru",
  "list.ru",
  "yandex.ru",
  "ya.ru",
  "rambler.ru",
  "emirates.net.ae",
  "eim.ae",
  "du.ae",
];

export const KNOWN_TOP_LEVEL = [
  "com",
  "net",
  "org",
  "ae",
  "co.ae",
  "net.ae",
  "ac.ae",
  "gov.ae",
  "org.ae",
  "sch.ae",
  "ru",
  "uk",
  "co.uk",
  "de",
  "fr",
  "it",
  "es",
  "in",
  "pk",
  "ph",
  "sa",
  "eg",
  "qa",
  "om",
  "kw",
  "bh",
  "info",
  "biz",
  "io",
  "me",
  "edu",
  "gov",
  "us",
  "ca",
  "au",
  "ch",
  "nl",
  "kz",
  "ua",
  "by",
];

/** The likely address meant, or null when the address looks right (or is not an address at all). */
export function suggestEmail(typed: string): string | null {
  const email = typed.trim();
  const at = email.lastIndexOf("@");
  if (at < 1 || at === email.length - 1) return null;
  const options = { domains: KNOWN_DOMAINS, topLevelDomains: KNOWN_TOP_LEVEL };
  let best: string | null = null;
  let current = email;
  for (let pass = 0; pass < 2; pass++) {
    const found = run({ email: current, ...options });
    if (!found || found.full.toLowerCase() === current.toLowerCase()) break;
    best = found.full;
    current = found.full;
  }
  if (best === null) return null;
  // keep what the visitor typed before the @ exactly as typed
  return `${email.slice(0, at)}@${best.slice(best.lastIndexOf("@") + 1).toLowerCase()}`;
}
