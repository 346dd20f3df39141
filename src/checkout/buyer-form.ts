/**
 * The checkout's buyer form, validated in the browser before anything is sent.
 *
 * The limits are the contract's (basket.openapi.yaml, POST /api/orders), and the email
 * rule is the one ajv-formats applies on the server, so a form that passes here is not
 * refused there for its shape. Messages are keys in the `forms` namespace; the page
 * translates them, so the same rules speak every language.
 */

import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** The server's limit too (server/src/lib/validate.ts, buyerName). */
export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 32;
/** A number typed without its country code is a UAE number: most buyers dial from here. */
export const DEFAULT_PHONE_COUNTRY = "AE";

export type BuyerField = "name" | "email" | "phone";

export interface BuyerFormInput {
  name: string;
  email: string;
  phone: string;
}

/** What is sent: trimmed, the phone in E.164 ("+971501234567") or null when not given. */
export interface BuyerDetails {
  name: string;
  email: string;
  phone: string | null;
}

/** A message in the `forms` namespace and the values it interpolates. */
export interface FieldMessage {
  key: string;
  values?: Record<string, number | string>;
}

export type BuyerErrors = Partial<Record<BuyerField, FieldMessage>>;

export type BuyerValidation = { ok: true; value: BuyerDetails } | { ok: false; errors: BuyerErrors };

// ajv-formats' "full" email format, the contract's `format: email`.
const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

// Digits with the separators people type, an optional leading + (or 00, the same dialled
// from abroad); letters, extensions and a second + are not a number a venue can call.
const PHONE_SHAPE = /^(\+|00)?[0-9][0-9 ().-]*[0-9]$/;

export function validateName(raw: string): FieldMessage | null {
  const name = raw.trim();
  if (name === "") return { key: "checkout.validation.nameRequired" };
  if (name.length > NAME_MAX_LENGTH)
    return { key: "checkout.validation.nameTooLong", values: { max: NAME_MAX_LENGTH } };
  return null;
}

export function validateEmail(raw: string): FieldMessage | null {
  const email = raw.trim();
  if (email === "") return { key: "checkout.validation.emailRequired" };
  if (email.length > EMAIL_MAX_LENGTH)
    return { key: "checkout.validation.emailTooLong", values: { max: EMAIL_MAX_LENGTH } };
  // the server also wants a top-level domain of two letters or more ("a@b.c" is no one's)
  if (!EMAIL_PATTERN.test(email) || !/\.[^.]{2,}$/.test(email)) return { key: "checkout.validation.emailInvalid" };
  return null;
}

/**
 * "+971 (50) 123-4567", "00971501234567" and the local "050 123 4567" -> "+971501234567"
 * (E.164); null when it is not a number that can be dialled. Numbers without a country code
 * are read as UAE numbers; libphonenumber-js knows each country's lengths and prefixes.
 */
export function normalizePhone(raw: string): string | null {
  const phone = raw.trim();
  if (!PHONE_SHAPE.test(phone)) return null;
  const parsed = parsePhoneNumberFromString(phone.replace(/^00/, "+"), DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}

/** "+971501234567" -> "+971 50 123 4567", as people read it; the input when it is no number. */
export function formatPhone(raw: string): string {
  const e164 = normalizePhone(raw);
  return e164 ? (parsePhoneNumberFromString(e164)?.formatInternational() ?? raw) : raw;
}

export function validatePhone(raw: string): FieldMessage | null {
  const phone = raw.trim();
  if (phone === "") return null;
  if (phone.length > PHONE_MAX_LENGTH)
    return { key: "checkout.validation.phoneTooLong", values: { max: PHONE_MAX_LENGTH } };
  if (normalizePhone(phone) === null) return { key: "checkout.validation.phoneInvalid" };
  return null;
}

export function validateBuyerField(field: BuyerField, raw: string): FieldMessage | null {
  switch (field) {
    case "name":
      return validateName(raw);
    case "email":
      return validateEmail(raw);
    case "phone":
      return validatePhone(raw);
  }
}

export const BUYER_FIELDS: readonly BuyerField[] = ["name", "email", "phone"];

export function validateBuyer(input: BuyerFormInput): BuyerValidation {
  const errors: BuyerErrors = {};
  for (const field of BUYER_FIELDS) {
    const message = validateBuyerField(field, input[field]);
    if (message) errors[field] = message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const phone = input.phone.trim();
  return {
    ok: true,
    value: { name: input.name.trim(), email: input.email.trim(), phone: phone === "" ? null : normalizePhone(phone) },
  };
}
