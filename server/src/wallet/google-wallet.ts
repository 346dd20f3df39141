/**
 * "Save to Google Wallet": a link to https://pay.google.com/gp/v/save/<JWT>, the JWT signed
 * (RS256) with the issuer's service-account key and carrying the event ticket classes (one per
 * event session: the event, the venue, the time) and objects (one per ticket: the holder, the
 * category, the order and the same QR text as the e-mail's) that Google stores when the buyer
 * saves them. Field names and shapes follow Google's REST reference for eventTicketClass and
 * eventTicketObject (https://developers.google.com/wallet/tickets/events/rest).
 */
import { createPrivateKey, type KeyObject, sign } from "node:crypto";
import { SELLER } from "../../../src/core/seller";
import { LANGS, type Lang, pick } from "../lib/i18n";
import { toUaeIso } from "../lib/time";
import { ACCENT } from "./png";
import type { PassFacts } from "./wallet-repository";
import { fillText, WALLET_TEXTS } from "./wallet-texts";

export const GOOGLE_SAVE_URL = "https://pay.google.com/gp/v/save/";

export interface GoogleIssuer {
  issuerId: string;
  /** the service account's e-mail: the JWT's issuer */
  clientEmail: string;
  key: KeyObject;
}

/** The issuer from the service account's JSON key file (its client_email and private_key). */
export function googleIssuer(issuerId: string, serviceAccountJson: string): GoogleIssuer {
  const account = JSON.parse(serviceAccountJson) as { client_email?: unknown; private_key?: unknown };
  if (typeof account.client_email !== "string" || typeof account.private_key !== "string")
    throw new Error("the service account key has no client_email or private_key");
  if (!/^[0-9]+$/.test(issuerId)) throw new Error(`the issuer id is a number, not "${issuerId}"`);
  return { issuerId, clientEmail: account.client_email, key: createPrivateKey(account.private_key) };
}

interface TranslatedString {
  language: string;
  value: string;
}
export interface LocalizedString {
  defaultValue: TranslatedString;
  translatedValues?: TranslatedString[];
}

/** A text in the order's language, with the other languages as translations. */
function localized(lang: Lang, text: (l: Lang) => string): LocalizedString {
  return {
    defaultValue: { language: lang, value: text(lang) },
    translatedValues: LANGS.filter((l) => l !== lang).map((l) => ({ language: l, value: text(l) })),
  };
}

/** Google ids are "<issuer id>.<suffix>", the suffix of letters, digits, ".", "_" and "-". */
const googleId = (issuerId: string, suffix: string): string => `${issuerId}.${suffix.replace(/[^A-Za-z0-9._-]/g, "_")}`;

export const classIdOf = (issuer: GoogleIssuer, f: PassFacts): string =>
  googleId(issuer.issuerId, `event-${f.eventId}-${f.startsAt}`);
export const objectIdOf = (issuer: GoogleIssuer, f: PassFacts): string =>
  googleId(issuer.issuerId, `ticket-${f.serial}`);

/** The class: what all tickets of one session share. */
export function eventTicketClass(issuer: GoogleIssuer, f: PassFacts, logoUrl: string) {
  const lang = f.lang;
  return {
    id: classIdOf(issuer, f),
    issuerName: SELLER.shopName.en,
    localizedIssuerName: localized(lang, (l) => SELLER.shopName[l]),
    reviewStatus: "UNDER_REVIEW",
    eventId: `event-${f.eventId}-${f.startsAt}`,
    eventName: localized(lang, (l) => pick(f.eventTitle, l)),
    venue: {
      name: localized(lang, (l) => (f.hall ? `${pick(f.venue.title, l)}, ${pick(f.hall, l)}` : pick(f.venue.title, l))),
      address: localized(lang, (l) => (f.venue.address ? pick(f.venue.address, l) : pick(f.venue.title, l))),
    },
    dateTime: {
      start: toUaeIso(f.startsAt),
      ...(f.endsAt !== null ? { end: toUaeIso(f.endsAt) } : {}),
    },
    confirmationCodeLabel: "ORDER_NUMBER",
    logo: {
      sourceUri: { uri: logoUrl },
      contentDescription: localized(lang, (l) => SELLER.shopName[l]),
    },
    hexBackgroundColor: ACCENT.hex,
  };
}

/** The object: one ticket, with the QR code the door scans. */
export function eventTicketObject(issuer: GoogleIssuer, f: PassFacts, ticketsUrl: string) {
  const lang = f.lang;
  const t = WALLET_TEXTS[lang];
  return {
    id: objectIdOf(issuer, f),
    classId: classIdOf(issuer, f),
    state: f.voided ? "INACTIVE" : "ACTIVE",
    barcode: { type: "QR_CODE", value: f.qr, alternateText: f.serial },
    ticketHolderName: f.holder,
    ticketNumber: f.serial,
    reservationInfo: { confirmationCode: f.orderNumber },
    ticketType: localized(lang, (l) => pick(f.category, l)),
    validTimeInterval: { end: { date: toUaeIso(f.validTo) } },
    groupingInfo: { groupingId: f.orderNumber, sortIndex: f.index },
    hexBackgroundColor: ACCENT.hex,
    ...(f.venue.latitude !== null && f.venue.longitude !== null
      ? { locations: [{ latitude: f.venue.latitude, longitude: f.venue.longitude }] }
      : {}),
    textModulesData: [
      {
        id: "admission",
        header: t.admission,
        body: t.admissionValue,
        localizedHeader: localized(lang, (l) => WALLET_TEXTS[l].admission),
        localizedBody: localized(lang, (l) => WALLET_TEXTS[l].admissionValue),
      },
      {
        id: "ticket",
        header: t.ticket,
        body: fillText(t.ticketOf, { index: f.index, count: f.count }),
      },
    ],
    linksModuleData: {
      uris: [{ id: "tickets", uri: ticketsUrl, description: t.ticketsPage }],
    },
  };
}

const base64url = (data: Buffer | string): string => Buffer.from(data).toString("base64url");

/** Signs a JWT with RS256. */
export function signJwt(claims: object, key: KeyObject): string {
  const head = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const body = base64url(JSON.stringify(claims));
  const signature = sign("RSA-SHA256", Buffer.from(`${head}.${body}`), key);
  return `${head}.${body}.${base64url(signature)}`;
}

/**
 * The save JWT for some tickets (one, or an order's): their classes (each session once) and
 * objects. `origins` are the sites the "Save" button may be shown on.
 */
export function saveJwt(
  issuer: GoogleIssuer,
  facts: PassFacts[],
  opts: { origins: string[]; logoUrl: string; ticketsUrl: string; now: number },
): string {
  const classes = new Map<string, ReturnType<typeof eventTicketClass>>();
  for (const f of facts) classes.set(classIdOf(issuer, f), eventTicketClass(issuer, f, opts.logoUrl));
  return signJwt(
    {
      iss: issuer.clientEmail,
      aud: "google",
      typ: "savetowallet",
      iat: Math.floor(opts.now / 1000),
      origins: opts.origins,
      payload: {
        eventTicketClasses: [...classes.values()],
        eventTicketObjects: facts.map((f) => eventTicketObject(issuer, f, opts.ticketsUrl)),
      },
    },
    issuer.key,
  );
}
