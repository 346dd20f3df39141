/**
 * A ticket's printed code as door staff type it: "uae 7k3m9 q2w4e", "UAE7K3M9Q2W4E", or with
 * the digits an Arabic or Persian keyboard gives (٧ for 7, ۷ for 7), is the code
 * "UAE-7K3M9-Q2W4E". The server (a typed code, the name search) and the scanner without a
 * network (src/scan/offline-decide.ts) compare codes through this one function.
 */

/** Arabic-Indic (U+0660-0669) and Eastern Arabic-Indic, or Persian, (U+06F0-06F9) digits as 0-9. */
export function foldDigits(text: string): string {
  // both runs start at a code point that ends in 0: the low four bits are the digit
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

export function normaliseCode(text: string): string {
  const folded = foldDigits(text);
  const plain = folded.toUpperCase().replace(/[^0-9A-Z]/g, "");
  const m = /^([A-Z]{3})([0-9A-Z]{5})([0-9A-Z]{5})$/.exec(plain);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : folded.trim().toUpperCase();
}
