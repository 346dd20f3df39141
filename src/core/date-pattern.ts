/**
 * Dates written from a pattern with a date-fns locale's names: the part of date-fns' `format`
 * the site's patterns use (src/core/format.ts), with its rules for each token. `format` itself
 * carries every token's formatter, the week-numbering and ordinal ones included (about 4 KB
 * gzipped in every page's start-up JavaScript, since the pages' dates hydrate); the locales,
 * their month and weekday names, stay date-fns'. tests/unit/core-date-pattern.test.ts compares
 * the two on every pattern and language the site uses.
 */
import type { Locale } from "date-fns";

type Width = "narrow" | "short" | "abbreviated" | "wide";

/** date-fns' widths by the length of a name token: E, EE, EEE abbreviated; EEEE wide; EEEEE narrow; EEEEEE short */
function nameWidth(length: number, allowShort: boolean): Width {
  if (length <= 3) return "abbreviated";
  if (length === 5) return "narrow";
  if (length === 6 && allowShort) return "short";
  return "wide";
}

function padded(value: number, length: number): string {
  return String(value).padStart(length, "0");
}

function token(date: Date, part: string, locale: Locale): string {
  const letter = part[0];
  const length = part.length;
  switch (letter) {
    case "y": {
      const year = date.getFullYear();
      return padded(year > 0 ? year : 1 - year, length);
    }
    case "M":
    case "L":
      if (length <= 2) return padded(date.getMonth() + 1, length);
      return locale.localize.month(date.getMonth() as never, {
        width: nameWidth(length, false),
        context: letter === "M" ? "formatting" : "standalone",
      });
    case "E":
      return locale.localize.day(date.getDay() as never, { width: nameWidth(length, true), context: "formatting" });
    case "d":
      return padded(date.getDate(), length);
    case "H":
      return padded(date.getHours(), length);
    case "m":
      return padded(date.getMinutes(), length);
    default:
      throw new RangeError(`The date pattern token "${part}" is not one src/core/date-pattern.ts writes`);
  }
}

/** `date` as `pattern` says ("EEEE, d MMMM yyyy"), with `locale`'s names; letters are tokens, the rest is kept. */
export function formatDatePattern(date: Date, pattern: string, locale: Locale): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return pattern.replace(/([A-Za-z])\1*/g, (part) => token(date, part, locale));
}
