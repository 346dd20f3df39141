/** Domains whose mailboxes ignore dots in the local part (Gmail's). */
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);
// format characters (zero-width space, joiners, BOM, bidi marks) and soft hyphens show nothing: a buyer adding them is the same buyer
const INVISIBLE = /[\p{Cf}\u00AD\u115F\u1160\u3164\uFFA0\s]|\u034F/gu;

/**
 * The buyer an email address counts as for the per-buyer limits: the same mailbox written
 * differently counts once. Lowercased, without invisible characters, without a `+tag`, without a
 * trailing dot on the domain, and for Gmail without dots in the local part (googlemail.com is gmail.com).
 */
export function buyerKey(email: string): string {
  const plain = email.normalize("NFKC").replace(INVISIBLE, "").toLowerCase();
  const at = plain.lastIndexOf("@");
  if (at < 0) return plain;
  let local = plain.slice(0, at);
  let domain = plain.slice(at + 1).replace(/\.+$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replace(/\./g, "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
