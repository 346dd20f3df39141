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
