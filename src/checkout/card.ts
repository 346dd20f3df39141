/**
 * The card number typed on the pay page. Checked in the browser only for its shape (digits,
 * a card's length, the Luhn check digit) so a typo is caught before a charge is tried;
 * whether it is approved is the acquirer's answer.
 */

/** "4242 4242-4242 4242" -> "4242424242424242"; spaces and dashes are how people type it. */
export function normalizeCardNumber(raw: string): string {
  return raw.replace(/[\s-]/g, "");
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A message key in the `forms` namespace, or null when the number may be sent. */
export function validateCardNumber(raw: string): string | null {
  const digits = normalizeCardNumber(raw);
  if (digits === "") return "payment.validation.cardRequired";
  if (!/^[0-9]{12,19}$/.test(digits) || !luhnValid(digits)) return "payment.validation.cardInvalid";
  return null;
}

/** Groups of four as the visitor types: "4242424242" -> "4242 4242 42". */
export function formatCardNumber(raw: string): string {
  return normalizeCardNumber(raw)
    .replace(/[^0-9]/g, "")
    .slice(0, 19)
    .replace(/(.{4})(?=.)/g, "$1 ");
}
