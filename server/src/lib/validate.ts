import { badRequest } from "./errors";

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A lone surrogate cannot be written as UTF-8: text holding one is refused, never stored. */
const LONE_SURROGATE = /\p{Cs}/u;
export const isWellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/** Walks a parsed JSON value and refuses any string (key or value) that is not well-formed Unicode. */
export function assertWellFormed(value: unknown, path = "body"): void {
  if (typeof value === "string") {
    if (!isWellFormed(value))
      throw badRequest(`${path} holds a lone surrogate (text that is not valid UTF-8)`, "invalid_text");
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) assertWellFormed(v, `${path}[${i}]`);
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (!isWellFormed(k)) throw badRequest(`${path} has a key that is not valid UTF-8`, "invalid_text");
      assertWellFormed(v, `${path}.${k}`);
    }
  }
}

// control characters (NUL, ESC and the rest of C0/C1, DEL) and the bidi controls that can make a name read otherwise than it is
const CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;
// what shows nothing on its own: white space, format characters (zero-width space, joiners, BOM) and blank letters (Hangul filler, braille blank)
const INVISIBLE = /[\s\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** A person's name: no control characters or escape sequences, something visible, at most `max` characters. */
export function personName(value: unknown, field: string, max: number): string {
  if (typeof value !== "string") throw badRequest(`${field} must be text`, "invalid_name");
  const text = value.trim();
  if (CONTROL.test(text))
    throw badRequest(`${field} must not contain control characters or escape sequences`, "invalid_name");
  if (text.replace(INVISIBLE, "") === "")
    throw badRequest(`${field} must contain visible characters, not only spaces`, "invalid_name");
  if (text.length > max) throw badRequest(`${field} must be at most ${max} characters`, "invalid_name");
  return text;
}

/** Free text that ends up in stored data (campaign tags): no control characters. */
export function plainText(value: unknown, field: string, max: number): string {
  if (typeof value !== "string" || value.length > max)
    throw badRequest(`${field} must be a string of at most ${max} characters`);
  if (CONTROL.test(value)) throw badRequest(`${field} must not contain control characters`);
  return value;
}

export const BUYER_NAME_MIN = 2;
export const BUYER_NAME_MAX = 80;
const BUYER_NAME_WORDS = 8;
// letters of any script with their combining marks, spaces, and the punctuation names use
const NAME_CHARS = /^(?:[\p{L}\p{M} '’.,-]|\u200C|\u200D)+$/u;
// the zero-width (non-)joiner shapes Persian and Indic names, but only between two letters
const STRAY_JOINER = /(?:^|[^\p{L}\p{M}])(?:\u200C|\u200D)|(?:\u200C|\u200D)(?:$|[^\p{L}\p{M}])/u;
// two punctuation marks in a row ("--", ".,"), or one at the start
const NAME_PUNCT_RUN = /^[ '’.,-]|[’'.,-]{2,}/u;
// "evil.example", "www.x.com": a dot between two words of letters is an address, not an initial
const NAME_ADDRESS = /[\p{L}\p{M}]{2,}\.[\p{L}\p{M}]{2,}/u;
// letters that show nothing (Hangul fillers, the braille blank)
const BLANK_LETTERS = /[\u115F\u1160\u3164\uFFA0\u2800]/u;

/**
 * The buyer's name as the shop e-mails and prints it: letters of any script, spaces, and the
 * punctuation names use (' ’ - . ,), BUYER_NAME_MIN to BUYER_NAME_MAX characters, at most one
 * comma and BUYER_NAME_WORDS words: no digits, URLs, line breaks, control or bidi characters, so
 * it cannot carry an address or a sentence into an e-mail. Runs of spaces become one.
 */
export function buyerName(value: unknown, field = "name"): string {
  if (typeof value !== "string") throw badRequest(`${field} must be text`, "invalid_name");
  if (value.length > 4 * BUYER_NAME_MAX)
    throw badRequest(`${field} must be at most ${BUYER_NAME_MAX} characters`, "invalid_name");
  const text = value
    .normalize("NFC")
    .replace(/\p{Zs}+/gu, " ")
    .trim();
  if (text.length < BUYER_NAME_MIN || text.length > BUYER_NAME_MAX)
    throw badRequest(`${field} must be ${BUYER_NAME_MIN} to ${BUYER_NAME_MAX} characters`, "invalid_name");
  if (!NAME_CHARS.test(text) || BLANK_LETTERS.test(text))
    throw badRequest(
      `${field} may hold only letters, spaces and the punctuation of names (' - . ,): no digits, symbols, line breaks or control characters`,
      "invalid_name",
    );
  if (
    STRAY_JOINER.test(text) ||
    NAME_PUNCT_RUN.test(text) ||
    NAME_ADDRESS.test(text) ||
    (text.match(/,/g)?.length ?? 0) > 1
  )
    throw badRequest(`${field} does not read as a name (an address, or punctuation out of place)`, "invalid_name");
  if (text.split(" ").length > BUYER_NAME_WORDS)
    throw badRequest(`${field} must be at most ${BUYER_NAME_WORDS} words`, "invalid_name");
  return text;
}
