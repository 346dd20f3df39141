/**
 * One ticket as an Apple Wallet event ticket (a .pkpass), built and signed with
 * passkit-generator: pass.json, the images, a pass.strings per language (en, ru, ar), the
 * manifest of SHA-1 hashes and its PKCS#7 signature by the pass-type certificate.
 *
 * pass.json is written in the order's language, so a phone in any other language shows the
 * pass as the buyer ordered it; each *.lproj translates every text (labels and the catalogue's
 * titles) for a phone set to one of the shop's languages.
 */
import { PKPass } from "passkit-generator";
import { SELLER } from "../../../src/core/seller";
import { LANGS, type Lang, pick } from "../lib/i18n";
import { toUaeIso } from "../lib/time";
import { ACCENT, passImages } from "./png";
import type { PassFacts } from "./wallet-repository";
import { fillText, WALLET_TEXTS } from "./wallet-texts";

export interface AppleSigner {
  wwdr: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  passTypeId: string;
  teamId: string;
}

export interface PassLinks {
  /** the PassKit web service's base (Apple appends /v1/...), https in production */
  webServiceUrl: string;
  /** the pass's own secret, sent back by the phone as "ApplePass <token>" */
  authenticationToken: string;
  /** the order's tickets page, in the order's language */
  ticketsUrl: string;
}

type Field = { key: string; label: string; value: string } & Record<string, unknown>;

/** The texts of a pass in one language: what pass.json holds (the order's) or a pass.strings translates to. */
function passTexts(f: PassFacts, lang: Lang) {
  const t = WALLET_TEXTS[lang];
  const event = pick(f.eventTitle, lang);
  return {
    t,
    event,
    venue: pick(f.venue.title, lang),
    address: f.venue.address ? pick(f.venue.address, lang) : null,
    hall: f.hall ? pick(f.hall, lang) : null,
    category: pick(f.category, lang),
    ticketOf: fillText(t.ticketOf, { index: f.index, count: f.count }),
    description: fillText(t.description, { event }),
    relevantText: fillText(t.relevantText, { event }),
    termsValue: f.voided ? `${t.voided}. ${t.termsValue}` : t.termsValue,
    shopName: SELLER.shopName[lang],
  };
}

const dateField = (key: string, label: string, ms: number, date: boolean, time: boolean): Field => ({
  key,
  label,
  value: toUaeIso(ms),
  dateStyle: date ? "PKDateStyleMedium" : "PKDateStyleNone",
  timeStyle: time ? "PKDateStyleShort" : "PKDateStyleNone",
  // shown in UAE time wherever the phone is, as on the site and in the e-mail
  ignoresTimeZone: true,
});

/** Builds the pass for one ticket, signed; `getAsBuffer()` gives the .pkpass file. */
export function buildApplePass(f: PassFacts, signer: AppleSigner, links: PassLinks): PKPass {
  const x = passTexts(f, f.lang);
  const { t } = x;
  const pass = new PKPass(
    passImages(),
    {
      wwdr: signer.wwdr,
      signerCert: signer.signerCert,
      signerKey: signer.signerKey,
      ...(signer.signerKeyPassphrase ? { signerKeyPassphrase: signer.signerKeyPassphrase } : {}),
    },
    {
      formatVersion: 1,
      passTypeIdentifier: signer.passTypeId,
      teamIdentifier: signer.teamId,
      serialNumber: f.serial,
      organizationName: x.shopName,
      description: x.description,
      logoText: x.shopName,
      backgroundColor: ACCENT.rgb,
      foregroundColor: "rgb(255, 255, 255)",
      labelColor: "rgb(252, 228, 238)",
      // the tickets of one order sit together in Wallet
      groupingIdentifier: f.orderNumber,
      webServiceURL: links.webServiceUrl,
      authenticationToken: links.authenticationToken,
      voided: f.voided,
      semantics: {
        eventType: "PKEventTypeGeneric",
        eventName: x.event,
        eventStartDate: toUaeIso(f.startsAt),
        ...(f.endsAt !== null ? { eventEndDate: toUaeIso(f.endsAt) } : {}),
        venueName: x.venue,
        ...(x.hall ? { venueRoom: x.hall } : {}),
        ...(f.venue.latitude !== null && f.venue.longitude !== null
          ? { venueLocation: { latitude: f.venue.latitude, longitude: f.venue.longitude } }
          : {}),
        attendeeName: f.holder,
        admissionLevel: x.category,
        confirmationNumber: f.orderNumber,
      },
    },
  );
  pass.type = "eventTicket";

  pass.headerFields.push(dateField("date", t.date, f.startsAt, true, false));
  pass.primaryFields.push({ key: "event", label: t.event, value: x.event });
  pass.secondaryFields.push(
    { key: "venue", label: t.venue, value: x.hall ? `${x.venue}, ${x.hall}` : x.venue },
    dateField("time", t.time, f.startsAt, false, true),
  );
  pass.auxiliaryFields.push(
    { key: "category", label: t.category, value: x.category },
    { key: "ticket", label: t.ticket, value: x.ticketOf },
    { key: "order", label: t.order, value: f.orderNumber },
  );
  const back: Field[] = [
    { key: "holder", label: t.holder, value: f.holder },
    { key: "admission", label: t.admission, value: t.admissionValue },
    { key: "code", label: t.code, value: f.serial },
    dateField("validUntil", t.validUntil, f.validTo, true, true),
  ];
  if (x.address) back.push({ key: "address", label: t.address, value: `${x.venue}\n${x.address}` });
  back.push(
    { key: "terms", label: t.terms, value: x.termsValue },
    { key: "tickets", label: t.ticketsPage, value: links.ticketsUrl },
    { key: "support", label: t.support, value: SELLER.supportEmail },
  );
  pass.backFields.push(...back);

  pass.setBarcodes({
    format: "PKBarcodeFormatQR",
    // the same text as the e-mail's and the site's QR code: the door verifies its signature
    message: f.qr,
    messageEncoding: "iso-8859-1",
    altText: f.serial,
  });
  pass.setRelevantDate(new Date(f.startsAt));
  pass.setExpirationDate(new Date(f.validTo));
  if (f.venue.latitude !== null && f.venue.longitude !== null)
    pass.setLocations({ latitude: f.venue.latitude, longitude: f.venue.longitude, relevantText: x.relevantText });

  // each language's pass.strings translates pass.json's texts (the order language's) into its own
  const ownStrings = textsToTranslate(x);
  for (const lang of LANGS) {
    const theirs = textsToTranslate(passTexts(f, lang));
    const translations: Record<string, string> = {};
    for (const [name, text] of Object.entries(ownStrings)) {
      const translated = theirs[name];
      if (text && translated) translations[stringsLiteral(text)] = stringsLiteral(translated);
    }
    pass.localize(lang, translations);
  }
  return pass;
}

/**
 * A text as a .strings file writes it between quotes (passkit-generator writes keys and values
 * as given): Wallet reads the escapes back, so the key matches pass.json's text exactly.
 */
const stringsLiteral = (text: string): string => text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

/** Every text of the pass that differs by language, by name. */
function textsToTranslate(x: ReturnType<typeof passTexts>): Record<string, string> {
  const { t } = x;
  return {
    event: x.event,
    venue: x.venue,
    venueHall: x.hall ? `${x.venue}, ${x.hall}` : x.venue,
    addressBlock: x.address ? `${x.venue}\n${x.address}` : "",
    category: x.category,
    ticketOf: x.ticketOf,
    description: x.description,
    relevantText: x.relevantText,
    termsValue: x.termsValue,
    shopName: x.shopName,
    ...Object.fromEntries(Object.entries(t).map(([k, v]) => [`label.${k}`, v])),
  };
}

/** The .pkpass file of one ticket. */
export const pkpassFile = (pass: PKPass): Buffer => pass.getAsBuffer();

/** The .pkpasses file of several tickets (an order): Wallet adds them all at once. */
export const pkpassesFile = (passes: PKPass[]): Buffer => PKPass.pack(...passes).getAsBuffer();
