import QRCode from "qrcode";
import type { components } from "../../../src/core/generated/basket";
import { openStreetMapUrl } from "../../../src/core/map-link";
import { formatDateTime, formatMoney } from "../../../src/core/format";
import { absoluteUrl, href } from "../../../src/core/routes";
import type { CatalogueData } from "../db/repositories/catalogue-repository";
import { isLang, pick, type Lang } from "../lib/i18n";
import { currencyOf } from "../lib/money";
import type { MailConfig } from "./mail-config";
import { fill, MAIL_TEXTS } from "./mail-texts";

export type WireOrder = components["schemas"]["Order"];

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid: string;
}

export interface ConfirmationMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  lang: Lang;
  attachments: MailAttachment[];
}

/** What the e-mail says about the order: its tickets, or how to pay for it. */
export type MailKind = "tickets" | "bank_transfer" | "cash";

/**
 * Which e-mail an order gets when the server reports it: tickets once paid (a free order
 * is created paid); payment instructions for a bank-transfer or cash order awaiting
 * payment; none otherwise (a card order is paid on the acquirer's page and mailed then).
 */
export function mailKind(order: WireOrder, catalogue: CatalogueData): MailKind | null {
  if (order.status === "paid") return order.tickets.length > 0 ? "tickets" : null;
  if (order.status !== "awaiting_payment") return null;
  const type = catalogue.acquisitions.find((a) => a.id === order.acquisition_id)?.type;
  return type === "bank_transfer" || type === "cash" ? type : null;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** Isolates Latin codes, names and amounts inside Arabic text, as <bdi> does on the site. */
const bdi = (s: string): string => `<bdi>${escapeHtml(s)}</bdi>`;

interface Venue {
  title: string;
  address: string | null;
  mapUrl: string | null;
}

function venueOf(order: WireOrder, eventId: number, catalogue: CatalogueData, lang: Lang): Venue | null {
  const group = order.events.find((g) => g.event.id === eventId);
  const placeId = group?.event.place?.id;
  const place = placeId === undefined ? undefined : catalogue.places.get(placeId);
  if (!place) return group?.event.place?.title ? { title: group.event.place.title, address: null, mapUrl: null } : null;
  const title = pick(place.title, lang);
  const address = pick(place.address, lang);
  const city = catalogue.locations.get(place.locationId);
  return {
    title,
    address,
    mapUrl: openStreetMapUrl(
      { latitude: place.latitude, longitude: place.longitude, address, title },
      city ? pick(city.title, lang) : undefined,
    ),
  };
}

/**
 * The confirmation e-mail of an order, in the order's language (Arabic right to left):
 * the order number, the amount, a link that opens the order on the site, and either every
 * ticket with its QR code (inline PNG images, so mail clients that block remote images
 * still show them) or what to pay, where and by when.
 *
 * The HTML carries its few styles inline: mail clients drop <style> blocks and linked
 * stylesheets, so inline attributes are the only styling that reaches the reader.
 */
export async function composeConfirmation(
  order: WireOrder,
  kind: MailKind,
  catalogue: CatalogueData,
  config: MailConfig,
): Promise<ConfirmationMail> {
  const lang: Lang = order.lang && isLang(order.lang) ? order.lang : "en";
  const t = MAIL_TEXTS[lang];
  const dir = lang === "ar" ? "rtl" : "ltr";
  const decimals = currencyOf(catalogue.currencies, order.currency_code)?.decimals ?? 2;
  const amount =
    order.total.amount === 0 ? t.free : formatMoney(order.total.amount, order.currency_code, lang, decimals);
  const link = absoluteUrl(config.siteUrl, href.orderLookup(order.number, order.email), lang);
  const name = order.name?.trim() || "";

  const subject = fill(kind === "tickets" ? t.subjectPaid : t.subjectAwaiting, { number: order.number });
  const intro =
    kind === "tickets"
      ? order.total.amount === 0
        ? t.freeIntro
        : t.paidIntro
      : kind === "bank_transfer"
        ? t.bankIntro
        : t.cashIntro;

  const text: string[] = [];
  const html: string[] = [];
  const row = (label: string, valueHtml: string, valueText: string) => {
    text.push(`${label}: ${valueText}`);
    html.push(
      `<tr><th align="start" style="padding:4px 12px 4px 0;color:#555;font-weight:normal;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${valueHtml}</td></tr>`,
    );
  };

  if (name) {
    text.push(fill(t.greeting, { name }), "");
    html.push(`<p>${fill(escapeHtml(t.greeting), { name: bdi(name) })}</p>`);
  }
  text.push(intro, "");
  html.push(`<p>${escapeHtml(intro)}</p>`, `<table role="presentation" cellpadding="0" cellspacing="0">`);
  row(t.orderNumber, `<strong>${bdi(order.number)}</strong>`, order.number);
  row(kind === "tickets" ? t.amountPaid : t.amountToPay, bdi(amount), amount);
  if (kind !== "tickets" && order.expires_at) {
    const by = formatDateTime(order.expires_at, lang);
    row(t.payBy, bdi(by), by);
  }
  html.push(`</table>`);
  text.push("");

  if (kind === "bank_transfer") {
    const how = fill(t.bankHow, { amount });
    text.push(how);
    html.push(
      `<p>${fill(escapeHtml(t.bankHow), { amount: bdi(amount) })}</p><table role="presentation" cellpadding="0" cellspacing="0">`,
    );
    row(t.beneficiary, bdi(config.bank.beneficiary), config.bank.beneficiary);
    row(t.bank, bdi(config.bank.bank), config.bank.bank);
    row(t.iban, bdi(config.bank.iban), config.bank.iban);
    row(t.swift, bdi(config.bank.swift), config.bank.swift);
    row(t.reference, `<strong>${bdi(order.number)}</strong>`, order.number);
    html.push(`</table><p>${escapeHtml(t.expiryWarn)}</p>`);
    text.push("", t.expiryWarn, "");
  } else if (kind === "cash") {
    text.push(fill(t.cashHow, { amount }));
    html.push(`<p>${fill(escapeHtml(t.cashHow), { amount: bdi(amount) })}</p><ul>`);
    const seen = new Set<number>();
    for (const group of order.events) {
      if (seen.has(group.event.id)) continue;
      seen.add(group.event.id);
      const venue = venueOf(order, group.event.id, catalogue, lang);
      if (!venue) continue;
      const line = [venue.title, venue.address].filter(Boolean).join(lang === "ar" ? "، " : ", ");
      text.push(`${t.cashVenues}: ${line}${venue.mapUrl ? ` (${venue.mapUrl})` : ""}`);
      html.push(
        `<li>${escapeHtml(line)}${venue.mapUrl ? ` (<a href="${escapeHtml(venue.mapUrl)}">${escapeHtml(t.map)}</a>)` : ""}</li>`,
      );
    }
    html.push(`</ul><p>${escapeHtml(t.expiryWarn)}</p>`);
    text.push("", t.expiryWarn, "");
  }

  const attachments: MailAttachment[] = [];
  if (kind === "tickets") {
    const count = order.tickets.length;
    for (const [i, ticket] of order.tickets.entries()) {
      const group = order.events.find((g) => g.event.id === ticket.event_id);
      const eventTitle = group?.event.title ?? "";
      const startedAt = ticket.started_at ?? group?.event.started_at ?? null;
      const when = startedAt ? formatDateTime(startedAt, lang) : null;
      const venue = venueOf(order, ticket.event_id, catalogue, lang);
      const cid = `ticket-${i + 1}@uae-tickets`;
      const png = await QRCode.toBuffer(ticket.qr ?? ticket.code, {
        type: "png",
        errorCorrectionLevel: "M",
        margin: 4,
        width: 360,
      });
      attachments.push({ filename: `ticket-${i + 1}-${ticket.code}.png`, content: png, contentType: "image/png", cid });

      const heading = fill(t.ticketOf, { index: i + 1, count });
      text.push(`— ${heading} —`, `${t.code}: ${ticket.code}`);
      html.push(
        `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="border:1px solid #ccc;border-radius:8px;margin:16px 0;padding:12px">`,
        `<tr><td colspan="2"><strong>${escapeHtml(heading)}</strong></td></tr>`,
        `<tr><td style="vertical-align:top;padding:8px"><img src="cid:${cid}" width="180" height="180" alt="${escapeHtml(fill(t.qrAlt, { code: ticket.code }))}"></td>`,
        `<td style="vertical-align:top;padding:8px"><table role="presentation" cellpadding="0" cellspacing="0">`,
      );
      row(t.code, `<strong style="font-family:monospace;font-size:16px">${bdi(ticket.code)}</strong>`, ticket.code);
      if (eventTitle) row(t.event, escapeHtml(eventTitle), eventTitle);
      if (when) row(t.when, bdi(when), when);
      if (venue) {
        const place = [venue.title, venue.address].filter(Boolean).join(lang === "ar" ? "، " : ", ");
        row(
          t.venue,
          `${escapeHtml(place)}${venue.mapUrl ? ` (<a href="${escapeHtml(venue.mapUrl)}">${escapeHtml(t.map)}</a>)` : ""}`,
          `${place}${venue.mapUrl ? ` (${venue.mapUrl})` : ""}`,
        );
      }
      row(t.category, escapeHtml(ticket.title), ticket.title);
      if (name) row(t.holder, bdi(name), name);
      row(t.orderNumber, bdi(order.number), order.number);
      html.push(`</table></td></tr></table>`);
      text.push("");
    }
  }

  text.push(`${t.openOrder}: ${link}`, fill(t.lookupHint, { number: order.number }), "", t.footer);
  html.push(
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#0b5cad;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.openOrder)}</a></p>`,
    `<p>${fill(escapeHtml(t.lookupHint), { number: bdi(order.number) })}</p>`,
    `<p style="color:#555">${escapeHtml(t.footer)}</p>`,
  );

  const document =
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body dir="${dir}" style="font-family:system-ui,-apple-system,'Segoe UI',Tahoma,Arial,sans-serif;line-height:1.5;color:#111">` +
    `<div dir="${dir}" style="max-width:640px;margin:0 auto;padding:16px">${html.join("\n")}</div></body></html>`;

  return { to: order.email ?? "", subject, text: text.join("\n"), html: document, lang, attachments };
}
