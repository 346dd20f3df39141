/** The words on a wallet pass, in the shop's three languages. */
import type { Lang } from "../lib/i18n";

export interface WalletTexts {
  event: string;
  date: string;
  time: string;
  venue: string;
  hall: string;
  address: string;
  category: string;
  admission: string;
  /** what one ticket lets in: the shop's tickets are general admission, one person each */
  admissionValue: string;
  ticket: string;
  /** "{index} of {count}" */
  ticketOf: string;
  order: string;
  holder: string;
  code: string;
  validUntil: string;
  terms: string;
  termsValue: string;
  support: string;
  ticketsPage: string;
  /** the pass's description, for VoiceOver: "Ticket to {event}" */
  description: string;
  /** shown on the lock screen near the venue: "Your ticket to {event}" */
  relevantText: string;
  voided: string;
}

export const WALLET_TEXTS: Record<Lang, WalletTexts> = {
  en: {
    event: "Event",
    date: "Date",
    time: "Time",
    venue: "Venue",
    hall: "Hall",
    address: "Address",
    category: "Category",
    admission: "Admission",
    admissionValue: "General admission, one person",
    ticket: "Ticket",
    ticketOf: "{index} of {count}",
    order: "Order",
    holder: "Name",
    code: "Ticket code",
    validUntil: "Valid until",
    terms: "At the entrance",
    termsValue:
      "Show this pass or the QR code from your e-mail at the entrance; each code admits one person once. Have an ID with you.",
    support: "Questions",
    ticketsPage: "Your tickets online",
    description: "Ticket to {event}",
    relevantText: "Your ticket to {event}",
    voided: "This ticket is no longer valid",
  },
  ru: {
    event: "Событие",
    date: "Дата",
    time: "Время",
    venue: "Место",
    hall: "Зал",
    address: "Адрес",
    category: "Категория",
    admission: "Вход",
    admissionValue: "Свободная рассадка, один человек",
    ticket: "Билет",
    ticketOf: "{index} из {count}",
    order: "Заказ",
    holder: "Имя",
    code: "Код билета",
    validUntil: "Действует до",
    terms: "На входе",
    termsValue:
      "Покажите на входе этот билет или QR-код из письма; каждый код пропускает одного человека один раз. Возьмите с собой документ.",
    support: "Вопросы",
    ticketsPage: "Ваши билеты на сайте",
    description: "Билет на «{event}»",
    relevantText: "Ваш билет на «{event}»",
    voided: "Этот билет больше не действует",
  },
  ar: {
    event: "الفعالية",
    date: "التاريخ",
    time: "الوقت",
    venue: "المكان",
    hall: "القاعة",
    address: "العنوان",
    category: "الفئة",
    admission: "الدخول",
    admissionValue: "دخول عام، شخص واحد",
    ticket: "التذكرة",
    ticketOf: "{index} من {count}",
    order: "الطلب",
    holder: "الاسم",
    code: "رمز التذكرة",
    validUntil: "صالحة حتى",
    terms: "عند المدخل",
    termsValue:
      "اعرض هذه البطاقة أو رمز QR من بريدك الإلكتروني عند المدخل؛ كل رمز يُدخل شخصًا واحدًا مرة واحدة. احمل معك إثبات الهوية.",
    support: "للاستفسارات",
    ticketsPage: "تذاكرك على الموقع",
    description: "تذكرة إلى {event}",
    relevantText: "تذكرتك إلى {event}",
    voided: "هذه التذكرة لم تعد صالحة",
  },
};

export const fillText = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
