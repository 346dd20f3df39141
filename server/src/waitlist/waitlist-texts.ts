import { SELLER } from "../../../src/core/seller";
import type { Lang } from "../lib/i18n";

/**
 * The waiting list's e-mails, per language ({{name}} slots filled by `fill` of the mailer). The
 * ticket counts take the language's plural forms (Intl.PluralRules): Russian and Arabic have more
 * than two.
 */
export interface WaitlistTexts {
  shopName: string;
  tickets: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  joinedSubject: string;
  joinedIntro: string;
  joinedHow: string;
  offerSubject: string;
  offerIntro: string;
  offerButton: string;
  offerAfter: string;
  closedSubject: string;
  closedIntro: string;
  leaveLine: string;
  leaveButton: string;
  event: string;
  tickets_: string;
}

export const WAITLIST_TEXTS: Record<Lang, WaitlistTexts> = {
  en: {
    shopName: SELLER.shopName.en,
    tickets: { one: "{{count}} ticket", other: "{{count}} tickets" },
    joinedSubject: "You are on the waiting list: {{event}}",
    joinedIntro: "You are on the waiting list for {{tickets}} “{{ticket}}” for {{event}}.",
    joinedHow:
      "If tickets come back, we e-mail you a personal link that holds them for you for {{hours}} hours. Until then there is nothing to do.",
    offerSubject: "Tickets for {{event}} are held for you",
    offerIntro:
      "Good news: {{tickets}} “{{ticket}}” for {{event}} came back, and they are held for you until {{until}}.",
    offerButton: "Put them in my basket",
    offerAfter: "After that time they go to the next person in line.",
    closedSubject: "The waiting list for {{event}} is closed",
    closedIntro:
      "The organiser closed the waiting list for “{{ticket}}” at {{event}}: no more tickets will come back. You are no longer on the list.",
    leaveLine: "Changed your mind? You can leave the waiting list at any time:",
    leaveButton: "Leave the waiting list",
    event: "Event",
    tickets_: "Tickets",
  },
  ru: {
    shopName: SELLER.shopName.ru,
    tickets: {
      one: "{{count}} билет",
      few: "{{count}} билета",
      many: "{{count}} билетов",
      other: "{{count}} билета",
    },
    joinedSubject: "Вы в листе ожидания: {{event}}",
    joinedIntro: "Вы в листе ожидания: {{tickets}} «{{ticket}}» на {{event}}.",
    joinedHow:
      "Если билеты вернутся в продажу, мы пришлём вам личную ссылку, по которой они будут отложены для вас на {{hours}} ч. До тех пор ничего делать не нужно.",
    offerSubject: "Билеты на {{event}} отложены для вас",
    offerIntro:
      "Хорошие новости: {{tickets}} «{{ticket}}» на {{event}} вернулись в продажу и отложены для вас до {{until}}.",
    offerButton: "Положить в корзину",
    offerAfter: "После этого они перейдут следующему в очереди.",
    closedSubject: "Лист ожидания на {{event}} закрыт",
    closedIntro:
      "Организатор закрыл лист ожидания на «{{ticket}}» ({{event}}): билетов больше не будет. Вы больше не в листе ожидания.",
    leaveLine: "Передумали? Покинуть лист ожидания можно в любой момент:",
    leaveButton: "Покинуть лист ожидания",
    event: "Событие",
    tickets_: "Билеты",
  },
  ar: {
    shopName: SELLER.shopName.ar,
    tickets: {
      zero: "{{count}} تذكرة",
      one: "تذكرة واحدة",
      two: "تذكرتان",
      few: "{{count}} تذاكر",
      many: "{{count}} تذكرة",
      other: "{{count}} تذكرة",
    },
    joinedSubject: "أنت على قائمة الانتظار: {{event}}",
    joinedIntro: "أنت على قائمة الانتظار: {{tickets}} «{{ticket}}» لفعالية {{event}}.",
    joinedHow: "إذا عادت التذاكر، نرسل إليك رابطًا شخصيًا يحجزها لك لمدة {{hours}} ساعة. لا شيء عليك فعله حتى ذلك الحين.",
    offerSubject: "تذاكر {{event}} محجوزة لك",
    offerIntro: "خبر سار: عادت {{tickets}} «{{ticket}}» لفعالية {{event}}، وهي محجوزة لك حتى {{until}}.",
    offerButton: "أضفها إلى سلتي",
    offerAfter: "بعد ذلك تنتقل إلى الشخص التالي في قائمة الانتظار.",
    closedSubject: "أُغلقت قائمة الانتظار لفعالية {{event}}",
    closedIntro: "أغلق المنظم قائمة الانتظار على «{{ticket}}» في {{event}}: لن تعود تذاكر أخرى. لم تعد على القائمة.",
    leaveLine: "غيّرت رأيك؟ يمكنك مغادرة قائمة الانتظار في أي وقت:",
    leaveButton: "مغادرة قائمة الانتظار",
    event: "الفعالية",
    tickets_: "التذاكر",
  },
};

/** "3 tickets", "3 билета", "3 تذاكر": the count in the language's plural form. */
export function ticketCount(n: number, lang: Lang): string {
  const t = WAITLIST_TEXTS[lang].tickets;
  const form = new Intl.PluralRules(lang).select(n);
  const number = new Intl.NumberFormat(lang === "ar" ? "ar-AE-u-nu-latn" : lang).format(n);
  return (t[form] ?? t.other).replace("{{count}}", number);
}
