import type { Lang } from "../lib/i18n";

/** Every string of the sandbox acquirer's pages, in the order's language. */
export interface AcquirerTexts {
  locale: string;
  dir: "ltr" | "rtl";
  title: string;
  merchant: string;
  sandboxNote: string;
  order: string;
  amount: string;
  cardNumber: string;
  expiry: string;
  expiryHint: string;
  expiryPlaceholder: string;
  cvc: string;
  cvcHint: string;
  cardholder: string;
  pay: string;
  cancel: string;
  testCards: string;
  cardApproved: string;
  cardChallenge: string;
  cardDeclined: string;
  fixErrors: string;
  numberMissing: string;
  numberUnknown: string;
  expiryInvalid: string;
  expiryPast: string;
  cvcInvalid: string;
  nameInvalid: string;
  challengeTitle: string;
  challengeText: string;
  challengeHint: string;
  otp: string;
  otpInvalid: string;
  confirm: string;
  walletTitle: string;
  walletText: string;
  approve: string;
  doneTitle: string;
  paidText: string;
  expiredText: string;
  notPayableText: string;
  back: string;
  formExpired: string;
  /** after refused card numbers, before the next try: {duration} is "8 seconds" in the page's language (Intl) */
  tryAgainIn: string;
}

export const TEXTS: Record<Lang, AcquirerTexts> = {
  en: {
    locale: "en-US",
    dir: "ltr",
    title: "Secure payment",
    merchant: "UAE Tickets",
    sandboxNote: "Sandbox acquirer: no real money is charged.",
    order: "Order",
    amount: "Amount to pay",
    cardNumber: "Card number",
    expiry: "Expiry date",
    expiryHint: "MM/YY",
    expiryPlaceholder: "MM/YY",
    cvc: "Security code (CVC)",
    cvcHint: "3 or 4 digits on the back of the card",
    cardholder: "Name on the card",
    pay: "Pay",
    cancel: "Cancel and return to the shop",
    testCards: "Test cards",
    cardApproved: "approved",
    cardChallenge: "asks for a 3-D Secure code (123456)",
    cardDeclined: "declined",
    fixErrors: "Please correct the marked fields.",
    numberMissing: "Enter the card number.",
    numberUnknown: "This card is not accepted here. In the sandbox, use one of the test cards below.",
    expiryInvalid: "Enter the expiry date as MM/YY, for example 08/29.",
    expiryPast: "This card has expired.",
    cvcInvalid: "Enter the 3 or 4 digits on the back of the card.",
    nameInvalid: "Enter the name as it is written on the card.",
    challengeTitle: "Confirm the payment with your bank",
    challengeText: "Your bank has sent a one-time code by text message. Enter it to confirm the payment.",
    challengeHint: "Sandbox: 123456 confirms, any other code is declined.",
    otp: "One-time code",
    otpInvalid: "Enter the 6-digit code.",
    confirm: "Confirm",
    walletTitle: "Pay with {wallet}",
    walletText: "In the sandbox, approving stands for confirming the payment on your device.",
    approve: "Approve the payment",
    doneTitle: "This payment is finished",
    paidText: "The order is paid.",
    expiredText: "The time to pay this order is over; nothing was charged.",
    notPayableText: "This order cannot be paid here any more.",
    back: "Return to the shop",
    formExpired: "This form is no longer valid. Reload the page and try again.",
    tryAgainIn:
      "Too many card numbers were refused for this order. For your security, the next try has to wait. Time left: {duration}.",
  },
  ru: {
    locale: "ru-RU",
    dir: "ltr",
    title: "Безопасная оплата",
    merchant: "UAE Tickets",
    sandboxNote: "Тестовый эквайер: настоящие деньги не списываются.",
    order: "Заказ",
    amount: "К оплате",
    cardNumber: "Номер карты",
    expiry: "Срок действия",
    expiryHint: "ММ/ГГ",
    expiryPlaceholder: "ММ/ГГ",
    cvc: "Код безопасности (CVC)",
    cvcHint: "3 или 4 цифры на обратной стороне карты",
    cardholder: "Имя владельца карты",
    pay: "Оплатить",
    cancel: "Отменить и вернуться в магазин",
    testCards: "Тестовые карты",
    cardApproved: "оплата проходит",
    cardChallenge: "банк запросит код 3-D Secure (123456)",
    cardDeclined: "оплата отклоняется",
    fixErrors: "Исправьте отмеченные поля.",
    numberMissing: "Введите номер карты.",
    numberUnknown: "Эта карта здесь не принимается. В тестовом режиме используйте одну из тестовых карт ниже.",
    expiryInvalid: "Введите срок действия в формате ММ/ГГ, например 08/29.",
    expiryPast: "Срок действия карты истёк.",
    cvcInvalid: "Введите 3 или 4 цифры с обратной стороны карты.",
    nameInvalid: "Введите имя так, как оно написано на карте.",
    challengeTitle: "Подтвердите оплату в банке",
    challengeText: "Банк отправил вам одноразовый код в SMS. Введите его, чтобы подтвердить оплату.",
    challengeHint: "Тестовый режим: код 123456 подтверждает оплату, любой другой — отклоняет.",
    otp: "Одноразовый код",
    otpInvalid: "Введите код из 6 цифр.",
    confirm: "Подтвердить",
    walletTitle: "Оплата через {wallet}",
    walletText: "В тестовом режиме кнопка заменяет подтверждение оплаты на вашем устройстве.",
    approve: "Подтвердить оплату",
    doneTitle: "Эта оплата завершена",
    paidText: "Заказ оплачен.",
    expiredText: "Время на оплату заказа истекло; деньги не списаны.",
    notPayableText: "Этот заказ здесь больше нельзя оплатить.",
    back: "Вернуться в магазин",
    formExpired: "Форма устарела. Обновите страницу и попробуйте ещё раз.",
    tryAgainIn:
      "Для этого заказа отклонено слишком много номеров карт. В целях безопасности следующую попытку придётся подождать. Осталось: {duration}.",
  },
  ar: {
    locale: "ar-AE",
    dir: "rtl",
    title: "دفع آمن",
    merchant: "UAE Tickets",
    sandboxNote: "بوابة دفع تجريبية: لا يُخصم أي مبلغ حقيقي.",
    order: "الطلب",
    amount: "المبلغ المستحق",
    cardNumber: "رقم البطاقة",
    expiry: "تاريخ الانتهاء",
    expiryHint: "الشهر/السنة (MM/YY)",
    expiryPlaceholder: "MM/YY",
    cvc: "رمز الأمان (CVC)",
    cvcHint: "3 أو 4 أرقام على ظهر البطاقة",
    cardholder: "الاسم على البطاقة",
    pay: "ادفع",
    cancel: "إلغاء والعودة إلى المتجر",
    testCards: "بطاقات التجربة",
    cardApproved: "تُقبل",
    // the Latin run and the code are isolated, so the Arabic line keeps "3-D Secure" and its brackets whole
    cardChallenge: "تطلب رمز التحقق \u20663-D Secure\u2069 (\u2066123456\u2069)",
    cardDeclined: "تُرفض",
    fixErrors: "يُرجى تصحيح الحقول المحددة.",
    numberMissing: "أدخل رقم البطاقة.",
    numberUnknown: "هذه البطاقة غير مقبولة هنا. في وضع التجربة استخدم إحدى بطاقات التجربة أدناه.",
    expiryInvalid: "أدخل تاريخ الانتهاء بالصيغة MM/YY، مثل 08/29.",
    expiryPast: "انتهت صلاحية هذه البطاقة.",
    cvcInvalid: "أدخل الأرقام الثلاثة أو الأربعة الموجودة على ظهر البطاقة.",
    nameInvalid: "أدخل الاسم كما هو مكتوب على البطاقة.",
    challengeTitle: "أكّد الدفع لدى مصرفك",
    challengeText: "أرسل إليك مصرفك رمزًا لمرة واحدة في رسالة نصية. أدخله لتأكيد الدفع.",
    challengeHint: "وضع التجربة: الرمز 123456 يؤكد الدفع، وأي رمز آخر يرفضه.",
    otp: "الرمز لمرة واحدة",
    otpInvalid: "أدخل الرمز المكوّن من 6 أرقام.",
    confirm: "تأكيد",
    walletTitle: "الدفع عبر {wallet}",
    walletText: "في وضع التجربة، يحلّ هذا الزر محل تأكيد الدفع على جهازك.",
    approve: "الموافقة على الدفع",
    doneTitle: "انتهت عملية الدفع هذه",
    paidText: "تم دفع الطلب.",
    expiredText: "انتهت مهلة دفع هذا الطلب، ولم يُخصم أي مبلغ.",
    notPayableText: "لم يعد من الممكن دفع هذا الطلب هنا.",
    back: "العودة إلى المتجر",
    formExpired: "لم يعد هذا النموذج صالحًا. أعد تحميل الصفحة وحاول مرة أخرى.",
    tryAgainIn:
      "رُفض عدد كبير من أرقام البطاقات لهذا الطلب. حرصًا على أمانك، عليك الانتظار قبل المحاولة التالية. الوقت المتبقي: {duration}.",
  },
};
