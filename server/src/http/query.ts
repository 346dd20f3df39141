import { badRequest } from "../lib/errors";
import { isLang, type Lang } from "../lib/i18n";

export type Query = Record<string, string | string[] | undefined>;

/** A parameter's value; an empty value counts as absent. */
export function str(q: Query, name: string): string | undefined {
  const v = q[name];
  if (Array.isArray(v)) {
    const present = v.filter((x) => x !== "");
    if (present.length > 1) throw badRequest(`${name} is given more than once`);
    return present[0];
  }
  return v === undefined || v === "" ? undefined : v;
}

export function required(q: Query, name: string): string {
  const v = str(q, name);
  if (v === undefined) throw badRequest(`${name} is required`);
  return v;
}

const ID_LIST = /^[0-9]+(,[0-9]+)*$/;
export function idList(q: Query, name: string): number[] | undefined {
  const v = str(q, name);
  if (v === undefined) return undefined;
  if (!ID_LIST.test(v))
    throw badRequest(`${name} must be comma-joined integers, e.g. "3,7,12"; got "${v.slice(0, 100)}"`);
  return v.split(",").map(Number);
}

export function integer(q: Query, name: string, min: number): number | undefined {
  const v = str(q, name);
  if (v === undefined) return undefined;
  if (!/^[0-9]{1,15}$/.test(v) || Number(v) < min)
    throw badRequest(`${name} must be an integer of at least ${min}; got "${v.slice(0, 100)}"`);
  return Number(v);
}

export function oneOf<T extends string>(q: Query, name: string, values: readonly T[], fallback: T): T {
  const v = str(q, name);
  if (v === undefined) return fallback;
  if (!(values as readonly string[]).includes(v))
    throw badRequest(`${name} must be one of ${values.join(", ")}; got "${v.slice(0, 100)}"`);
  return v as T;
}

export function lang(q: Query): Lang {
  const v = str(q, "lang");
  if (v === undefined) return "en";
  if (!isLang(v)) throw badRequest(`lang must be one of en, ru, ar; got "${v.slice(0, 100)}"`);
  return v;
}

/** The language of an endpoint that does not declare `lang`: used when valid, otherwise ignored. */
export function softLang(q: Query): Lang {
  const v = q.lang;
  return typeof v === "string" && isLang(v) ? v : "en";
}

export interface PageParams {
  page: number;
  size: number;
}
export function pageParams(q: Query): PageParams {
  const page = integer(q, "page", 1) ?? 1;
  const size = Math.min(integer(q, "page_size", 1) ?? 20, 100);
  return { page, size };
}
