import { domainToASCII } from "node:url";

/** The local part the WHATWG "valid e-mail address" allows: ASCII letters, digits and these signs. */
const LOCAL_PART = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
/** One label of the domain: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** Control and format characters (NUL, ESC, DEL, U+202E, zero-width ones) and every kind of space. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Z}\p{Cs}]/u;

/**
 * The one check of an e-mail address the shop takes (order creation): exactly what the WHATWG
 * HTML standard calls a "valid e-mail address" (what <input type="email"> accepts), with a
 * domain written in Unicode taken in its IDNA (xn--) form. Returns the address as it is stored
 * and as it is sent, or null when it is not one. Leading and trailing ASCII white space is
 * dropped, as the browser does; nothing else is changed, so stored equals delivered.
 */
export function validEmail(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 320) return null;
  const text = value.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "");
  if (text === "" || HIDDEN.test(text)) return null;
  const at = text.lastIndexOf("@");
  if (at <= 0) return null;
  const local = text.slice(0, at);
  const written = text.slice(at + 1);
  if (!LOCAL_PART.test(local)) return null;
  // a Unicode domain becomes its IDNA form; an ASCII one is kept as written
  const domain = /^[\x21-\x7e]+$/.test(written) ? written : domainToASCII(written);
  if (domain === "" || !domain.split(".").every((label) => LABEL.test(label))) return null;
  const address = `${local}@${domain}`;
  return address.length <= 254 ? address : null;
}
