import type { Lang } from "../lib/i18n";

/** The promo code's line under an order's prices (e-mail), in the order's language; {code} is isolated for bidi. */
export const PROMO_LINE: Record<Lang, string> = {
  en: "Promo code {code}",
  ru: "Промокод {code}",
  ar: "الرمز الترويجي {code}",
};

/** The line's label: the Latin code kept whole inside Arabic text (first-strong isolate). */
export const promoLine = (lang: Lang, code: string): string =>
  PROMO_LINE[lang].replace("{code}", `\u2068${code}\u2069`);
