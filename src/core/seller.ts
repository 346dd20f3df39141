/**
 * Who sells the tickets: the shop's legal identity, its one support address and its one
 * refund policy. The bill (a UAE tax invoice), the order e-mail and the site's pages all
 * read them from here, so what a buyer is told about the seller is the same everywhere.
 * The values are the sample shop's; a real deployment puts its own here.
 */
import type { Lang } from "./catalogue";

export interface Seller {
  /** the shop's name as buyers know it */
  shopName: Record<Lang, string>;
  /** the registered name printed on a tax invoice */
  legalName: Record<Lang, string>;
  address: Record<Lang, string>;
  /** the UAE Tax Registration Number (15 digits) */
  trn: string;
  /** the one address for questions: the e-mails' sender and reply-to, and the contacts page */
  supportEmail: string;
  /** UAE VAT, included in every price the shop shows */
  vatPercent: number;
}

export const SELLER: Seller = {
  shopName: { en: "UAE Tickets", ru: "UAE Tickets", ar: "تذاكر الإمارات" },
  legalName: {
    en: "UAE Tickets FZ-LLC",
    ru: "UAE Tickets FZ-LLC",
    ar: "يو إيه إي تيكتس م.م.ح - ذ.م.م",
  },
  address: {
    en: "Office 1204, Bay Square Building 5, Business Bay, Dubai, United Arab Emirates",
    ru: "Офис 1204, Bay Square, здание 5, Бизнес-Бей, Дубай, Объединённые Арабские Эмираты",
    ar: "مكتب 1204، باي سكوير مبنى 5، الخليج التجاري، دبي، الإمارات العربية المتحدة",
  },
  trn: "100384215600003",
  supportEmail: "support@uaetickets.ae",
  vatPercent: 5,
};

/**
 * The refund policy, word for word the same on the guarantee, offer and pay-and-delivery
 * pages and in the order e-mail (a unit test holds them to it).
 */
export const REFUND_POLICY: Record<Lang, string> = {
  en: "If an event is cancelled, we refund the whole amount paid, fees included, to the card or account you paid from within 14 days of the cancellation. If it is postponed, your tickets stay valid for the new date, or you may ask for the same refund within 14 days of the announcement. Tickets for an event held as announced are not refundable.",
  ru: "Если событие отменено, мы возвращаем всю уплаченную сумму вместе со сборами на карту или счёт, с которых вы платили, в течение 14 дней после отмены. Если событие перенесено, билеты действительны на новую дату, а если она вам не подходит, такой же возврат можно запросить в течение 14 дней после объявления. Билеты на событие, прошедшее как объявлено, возврату не подлежат.",
  ar: "إذا أُلغيت الفعالية نردّ المبلغ المدفوع كاملًا مع الرسوم إلى البطاقة أو الحساب الذي دفعت منه خلال 14 يومًا من الإلغاء. وإذا أُجّلت تبقى تذاكرك صالحة للموعد الجديد، ويمكنك طلب الاسترداد نفسه خلال 14 يومًا من الإعلان. لا تُسترد قيمة تذاكر الفعالية التي تُقام كما أُعلن عنها.",
};

/**
 * The VAT contained in an amount that includes it (UAE prices are quoted VAT included):
 * amount × rate / (100 + rate), rounded to the currency's decimals.
 */
export function includedVat(amount: number, decimals = 2, percent = SELLER.vatPercent): number {
  const factor = 10 ** decimals;
  return Math.round(((amount * percent) / (100 + percent)) * factor) / factor;
}
