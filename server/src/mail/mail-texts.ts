import { SELLER } from "../../../src/core/seller";
import type { Lang } from "../lib/i18n";

/**
 * The confirmation e-mail's words, per language. They live beside the mailer, not in the
 * site's locales/, because the server sends them and the site's bundles must not carry them.
 */
export interface MailTexts {
  shopName: string;
  subjectPaid: string;
  subjectAwaiting: string;
  greeting: string;
  paidIntro: string;
  freeIntro: string;
  bankIntro: string;
  cashIntro: string;
  orderNumber: string;
  amountPaid: string;
  amountToPay: string;
  free: string;
  payBy: string;
  bankHow: string;
  beneficiary: string;
  bank: string;
  iban: string;
  swift: string;
  reference: string;
  cashHow: string;
  cashVenues: string;
  expiryWarn: string;
  ticketOf: string;
  event: string;
  when: string;
  /** a pass over several days: what it admits, as its ticket says it */
  validRange: string;
  venue: string;
  map: string;
  category: string;
  holder: string;
  code: string;
  qrAlt: string;
  openOrder: string;
  lookupHint: string;
  footer: string;
  prices: string;
  priceTickets: string;
  serviceFee: string;
  paymentFee: string;
  total: string;
  vatIncluded: string;
  ticketsPage: string;
  billPage: string;
  lookupPage: string;
  refundHeading: string;
  /** the wallets' own badge texts, as Apple and Google publish them for this language */
  addToAppleWallet: string;
  addToGoogleWallet: string;
}

export const MAIL_TEXTS: Record<Lang, MailTexts> = {
  en: {
    shopName: SELLER.shopName.en,
    subjectPaid: "Your tickets: order {{number}}",
    subjectAwaiting: "Order {{number}}: how to pay",
    greeting: "Hello, {{name}}!",
    paidIntro:
      "Thank you for your order. Your e-tickets are below: show the QR code at the entrance, on your phone or printed. Each code admits one person.",
    freeIntro:
      "You are registered. Your e-tickets are below: show the QR code at the entrance, on your phone or printed. Each code admits one person.",
    bankIntro:
      "Your tickets are reserved for you. We issue them and send them to this address as soon as your transfer arrives.",
    cashIntro:
      "Your tickets are reserved for you. Pay at the box office and we issue them and send them to this address.",
    orderNumber: "Order number",
    amountPaid: "Paid",
    amountToPay: "To pay",
    free: "Free",
    payBy: "Pay by",
    bankHow: "Transfer {{amount}} to this account, with the order number as the payment reference:",
    beneficiary: "Beneficiary",
    bank: "Bank",
    iban: "IBAN",
    swift: "SWIFT",
    reference: "Payment reference",
    cashHow: "Pay {{amount}} in cash at the box office of the venue, quoting the order number:",
    cashVenues: "Box office",
    expiryWarn: "If the payment has not arrived by then, the order is cancelled and the tickets go back on sale.",
    ticketOf: "Ticket {{index}} of {{count}}",
    event: "Event",
    when: "Date and time (UAE)",
    validRange: "Any one day, {{range}}, from {{time}}",
    venue: "Venue",
    map: "map",
    category: "Category",
    holder: "Name",
    code: "Ticket code",
    qrAlt: "QR code of ticket {{code}}",
    openOrder: "Open your order on the site",
    lookupHint:
      "From any device: on the “Find my order” page, enter the order number {{number}} and this e-mail address.",
    footer: "Questions? Reply to this e-mail or write to {{email}}, quoting the order number.",
    prices: "Price",
    priceTickets: "Tickets",
    serviceFee: "Service fee",
    paymentFee: "Payment fee",
    total: "Total",
    vatIncluded: "Including VAT {{percent}} %",
    ticketsPage: "Your tickets",
    billPage: "Tax invoice",
    lookupPage: "Find my order",
    refundHeading: "Refunds",
    addToAppleWallet: "Add to Apple Wallet",
    addToGoogleWallet: "Add to Google Wallet",
  },
  ru: {
    shopName: SELLER.shopName.ru,
    subjectPaid: "Ваши билеты: заказ {{number}}",
    subjectAwaiting: "Заказ {{number}}: как оплатить",
    greeting: "Здравствуйте, {{name}}!",
    paidIntro:
      "Спасибо за заказ! Ниже ваши электронные билеты: покажите QR-код на входе — с телефона или распечатанным. Один код — один человек.",
    freeIntro:
      "Вы зарегистрированы. Ниже ваши электронные билеты: покажите QR-код на входе — с телефона или распечатанным. Один код — один человек.",
    bankIntro: "Билеты забронированы за вами. Мы выпустим их и пришлём на этот адрес, как только поступит перевод.",
    cashIntro: "Билеты забронированы за вами. Оплатите их в кассе — и мы выпустим их и пришлём на этот адрес.",
    orderNumber: "Номер заказа",
    amountPaid: "Оплачено",
    amountToPay: "К оплате",
    free: "Бесплатно",
    payBy: "Оплатить до",
    bankHow: "Переведите {{amount}} на этот счёт, указав номер заказа в назначении платежа:",
    beneficiary: "Получатель",
    bank: "Банк",
    iban: "IBAN",
    swift: "SWIFT",
    reference: "Назначение платежа",
    cashHow: "Оплатите {{amount}} наличными в кассе площадки, назвав номер заказа:",
    cashVenues: "Касса",
    expiryWarn: "Если к этому сроку оплата не поступит, заказ отменяется, а билеты возвращаются в продажу.",
    ticketOf: "Билет {{index}} из {{count}}",
    event: "Событие",
    when: "Дата и время (ОАЭ)",
    validRange: "Любой один день на выбор: {{range}}, с {{time}}",
    venue: "Площадка",
    map: "карта",
    category: "Категория",
    holder: "Имя",
    code: "Код билета",
    qrAlt: "QR-код билета {{code}}",
    openOrder: "Открыть заказ на сайте",
    lookupHint: "С любого устройства: на странице «Найти заказ» введите номер заказа {{number}} и этот адрес почты.",
    footer: "Остались вопросы? Ответьте на это письмо или напишите на {{email}}, указав номер заказа.",
    prices: "Стоимость",
    priceTickets: "Билеты",
    serviceFee: "Сервисный сбор",
    paymentFee: "Комиссия за оплату",
    total: "Итого",
    vatIncluded: "В том числе НДС {{percent}} %",
    ticketsPage: "Ваши билеты",
    billPage: "Налоговый счёт-фактура",
    lookupPage: "Найти заказ",
    refundHeading: "Возврат",
    addToAppleWallet: "Добавить в Apple Wallet",
    addToGoogleWallet: "Добавить в Google Кошелек",
  },
  ar: {
    shopName: SELLER.shopName.ar,
    subjectPaid: "تذاكرك: الطلب {{number}}",
    subjectAwaiting: "الطلب {{number}}: طريقة الدفع",
    greeting: "مرحبًا {{name}}،",
    paidIntro:
      "شكرًا لطلبك. تجد تذاكرك الإلكترونية أدناه: أظهر رمز QR عند المدخل على هاتفك أو مطبوعًا. كل رمز يُدخل شخصًا واحدًا.",
    freeIntro:
      "تم تسجيلك. تجد تذاكرك الإلكترونية أدناه: أظهر رمز QR عند المدخل على هاتفك أو مطبوعًا. كل رمز يُدخل شخصًا واحدًا.",
    bankIntro: "تذاكرك محجوزة لك. نُصدرها ونرسلها إلى هذا العنوان فور وصول التحويل.",
    cashIntro: "تذاكرك محجوزة لك. ادفع في شباك التذاكر، فنُصدرها ونرسلها إلى هذا العنوان.",
    orderNumber: "رقم الطلب",
    amountPaid: "المبلغ المدفوع",
    amountToPay: "المبلغ المستحق",
    free: "مجانًا",
    payBy: "آخر موعد للدفع",
    bankHow: "حوّل {{amount}} إلى هذا الحساب، واكتب رقم الطلب في بيان التحويل:",
    beneficiary: "المستفيد",
    bank: "البنك",
    iban: "رقم الآيبان",
    swift: "رمز السويفت",
    reference: "بيان التحويل",
    cashHow: "ادفع {{amount}} نقدًا في شباك تذاكر المكان، واذكر رقم الطلب:",
    cashVenues: "شباك التذاكر",
    expiryWarn: "إذا لم يصل المبلغ حتى هذا الموعد، يُلغى الطلب وتعود التذاكر إلى البيع.",
    ticketOf: "التذكرة {{index}} من {{count}}",
    event: "الفعالية",
    when: "التاريخ والوقت (بتوقيت الإمارات)",
    validRange: "أي يوم واحد تختاره خلال {{range}}، من الساعة {{time}}",
    venue: "المكان",
    map: "الخريطة",
    category: "الفئة",
    holder: "الاسم",
    code: "رمز التذكرة",
    qrAlt: "رمز QR للتذكرة {{code}}",
    openOrder: "افتح طلبك على الموقع",
    lookupHint: "من أي جهاز: في صفحة «ابحث عن طلبي» أدخل رقم الطلب {{number}} وعنوان البريد الإلكتروني هذا.",
    footer: "لديك سؤال؟ رُدّ على هذه الرسالة أو راسلنا على {{email}}، واذكر رقم الطلب.",
    prices: "السعر",
    priceTickets: "التذاكر",
    serviceFee: "رسوم الخدمة",
    paymentFee: "رسوم الدفع",
    total: "الإجمالي",
    vatIncluded: "شاملًا ضريبة القيمة المضافة {{percent}}٪",
    ticketsPage: "تذاكرك",
    billPage: "الفاتورة الضريبية",
    lookupPage: "ابحث عن طلبي",
    refundHeading: "الاسترداد",
    addToAppleWallet: "إضافة إلى Apple Wallet",
    addToGoogleWallet: "إضافة إلى محفظة Google",
  },
};

/** Fills {{name}} slots; a missing value leaves the slot visible rather than silently empty. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (slot, key: string) => (key in values ? String(values[key]) : slot));
}
