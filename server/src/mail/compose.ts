import QRCode from "qrcode";
import "../../../src/core/date-locales-all";
import { formatDateTime, formatDayRange, formatMoney, formatTime, isMultiDay } from "../../../src/core/format";
import type { components } from "../../../src/core/generated/basket";
import { openStreetMapUrl } from "../../../src/core/map-link";
import { qrPayload } from "../../../src/core/qr-payload";
import { absoluteUrl, href } from "../../../src/core/routes";
import { includedVat, REFUND_POLICY, SELLER } from "../../../src/core/seller";
import type { CatalogueData } from "../catalogue/catalogue-repository";
import { isLang, type Lang, pick } from "../lib/i18n";
import { currencyOf } from "../lib/money";
import { promoLine } from "../promo/promo-texts";
import { confirmationTemplate, renderConfirmation, type Slots } from "./confirmation-template";
import type { MailConfig } from "./mail-config";
import { fill, MAIL_TEXTS, type MailTexts } from "./mail-texts";

export type WireOrder = components["schemas"]["Order"];
export type WalletLinks = components["schemas"]["WalletLinks"];

/** A ticket's wallet links, as [badge text, url]: Apple's first, as both platforms' rules allow. */
function walletLinksOf(wallet: WalletLinks | null, code: string, t: MailTexts): Array<[string, string]> {
  const apple = wallet?.apple?.tickets.find((l) => l.code === code);
  const google = wallet?.google?.tickets.find((l) => l.code === code);
  const out: Array<[string, string]> = [];
  if (apple) out.push([t.addToAppleWallet, apple.url]);
  if (google) out.push([t.addToGoogleWallet, google.url]);
  return out;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid: string;
}

export interface ConfirmationMail {
  to: string;
  /** the one address answers go to (the support address the site shows) */
  replyTo: string;
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

/** Isolates Latin codes, names and dates inside Arabic text, as <bdi> does on the site. */
const bdi = (s: string): string => `<bdi style="unicode-bidi:isolate">${escapeHtml(s)}</bdi>`;

/** An amount: isolated, and never broken across lines (the currency stays with its number). */
const moneyHtml = (s: string): string =>
  `<bdi class="nowrap" data-money style="unicode-bidi:isolate;white-space:nowrap">${escapeHtml(s)}</bdi>`;

/** A code for people (order, ticket): left to right, in one piece. */
const codeHtml = (s: string): string =>
  `<bdi dir="ltr" class="nowrap" data-code style="unicode-bidi:isolate;white-space:nowrap">${escapeHtml(s)}</bdi>`;

/** A label above its value, so a long Arabic label never squeezes the value on a phone. */
const stacked = (label: string, valueHtml: string): string =>
  `<p style="margin:0 0 10px"><span class="label" style="display:block;color:#555555;font-size:13px">${escapeHtml(label)}</span><span class="value" style="display:block;font-weight:600">${valueHtml}</span></p>`;

/**
 * A wallet's badge: black, rounded, its own words (an e-mail cannot know the reader's phone, so
 * it shows both; images are often blocked in mail, so the badge is styled text).
 */
const walletBadge = (url: string, label: string): string =>
  `<a href="${escapeHtml(url)}" style="display:inline-block;margin:4px 8px 4px 0;padding:8px 14px;border-radius:8px;background:#000000;color:#ffffff;font-weight:600;font-size:14px;text-decoration:none;white-space:nowrap">${escapeHtml(label)}</a>`;

const link = (url: string, label: string): string =>
  `<a href="${escapeHtml(url)}" style="color:#c2185b">${escapeHtml(label)}</a>`;

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
 * The session a ticket admits to, in UAE time, as the e-mail says it: its start, or for a pass
 * over several days the days it admits ("Any one day, 24–30 Nov 2026, from 16:00"), as the ticket,
 * the tickets page and the bill say it.
 */
function sessionOf(ticket: WireOrder["tickets"][number], order: WireOrder, lang: Lang): string | null {
  const group = order.events.find((g) => g.event.id === ticket.event_id);
  const startedAt = ticket.started_at ?? group?.event.started_at ?? null;
  if (!startedAt) return null;
  const endsAt = ticket.ends_at ?? null;
  if (endsAt && isMultiDay(startedAt, endsAt)) {
    const t = MAIL_TEXTS[lang];
    return fill(t.validRange, { range: formatDayRange(startedAt, endsAt, lang), time: formatTime(startedAt, lang) });
  }
  return formatDateTime(startedAt, lang);
}

const placeLine = (venue: Venue, lang: Lang) =>
  [venue.title, venue.address].filter(Boolean).join(lang === "ar" ? "، " : ", ");

/** The seller's lines under every e-mail: who sells, where, the tax number. */
function sellerLine(lang: Lang): string {
  return `${SELLER.legalName[lang]} · ${SELLER.address[lang]} · TRN ${SELLER.trn}`;
}

interface PriceRow {
  label: string;
  value: string;
  strong?: boolean;
  muted?: boolean;
}

function priceRows(
  order: WireOrder,
  t: MailTexts,
  money: (n: number) => string,
  decimals: number,
  lang: Lang,
): PriceRow[] {
  const rows: PriceRow[] = [
    { label: `${t.priceTickets} (${order.total.count})`, value: money(order.total.price) },
    { label: t.serviceFee, value: money(order.total.service_fee) },
  ];
  // the promo code's discount (server/src/promo), taken off before the payment fee
  if (order.promo) rows.push({ label: promoLine(lang, order.promo.code), value: money(-order.promo.discount) });
  if (order.total.payment_fee > 0) rows.push({ label: t.paymentFee, value: money(order.total.payment_fee) });
  rows.push({ label: t.total, value: money(order.total.amount), strong: true });
  rows.push({
    label: fill(t.vatIncluded, { percent: SELLER.vatPercent }),
    value: money(includedVat(order.total.amount, decimals)),
    muted: true,
  });
  return rows;
}

/**
 * The confirmation e-mail of an order, in the order's language (Arabic right to left):
 * the shop's name and mark, the order number, the amount, then every ticket with its
 * event, session, venue, category and QR code (inline PNG images, so mail clients that block
 * remote images still show them) or what to pay, where and by when; the price breakdown
 * with the VAT it includes; links to the tickets, the tax invoice and the order look-up; the
 * refund policy and the one support address.
 *
 * The HTML is the MJML layout of confirmation-template.ts (responsive, styles inlined); the
 * plain-text part says the same once, tickets grouped by event and session.
 *
 * An order not yet paid may have been placed by anyone for any address, so its e-mail says
 * nothing the buyer wrote except their name in the greeting (escaped), and its look-up link
 * does not carry the address.
 */
export async function composeConfirmation(
  order: WireOrder,
  kind: MailKind,
  catalogue: CatalogueData,
  config: MailConfig,
  /** the links that add the tickets to Apple and Google Wallet, when the server offers them */
  wallet: WalletLinks | null = null,
): Promise<ConfirmationMail> {
  const lang: Lang = order.lang && isLang(order.lang) ? order.lang : "en";
  const t = MAIL_TEXTS[lang];
  const decimals = currencyOf(catalogue.currencies, order.currency_code)?.decimals ?? 2;
  const money = (n: number) => formatMoney(n, order.currency_code, lang, decimals);
  const free = order.total.amount === 0;
  const amount = free ? t.free : money(order.total.amount);
  const paid = kind === "tickets";
  const url = (path: string) => absoluteUrl(config.siteUrl, path, lang);
  const lookupUrl = url(href.orderLookup(order.number, paid ? (order.email ?? undefined) : undefined));
  const name = order.name?.trim() || "";
  const comma = lang === "ar" ? "، " : ", ";

  const subject = fill(paid ? t.subjectPaid : t.subjectAwaiting, { number: order.number });
  const intro = paid ? (free ? t.freeIntro : t.paidIntro) : kind === "bank_transfer" ? t.bankIntro : t.cashIntro;

  const text: string[] = [t.shopName, ""];
  const slots: Slots = {
    title: escapeHtml(subject),
    preview: escapeHtml(intro),
    shopName: escapeHtml(t.shopName),
    intro: escapeHtml(intro),
  };
  const blocks: Parameters<typeof renderConfirmation>[2] = {};

  if (name) {
    text.push(fill(t.greeting, { name }), "");
    blocks.greeting = [{ greeting: fill(escapeHtml(t.greeting), { name: bdi(name) }) }];
  }
  text.push(intro, "");

  const summary = [
    stacked(t.orderNumber, codeHtml(order.number)),
    stacked(paid ? t.amountPaid : t.amountToPay, free ? escapeHtml(amount) : moneyHtml(amount)),
  ];
  text.push(`${t.orderNumber}: ${order.number}`, `${paid ? t.amountPaid : t.amountToPay}: ${amount}`);
  if (!paid && order.expires_at) {
    const by = formatDateTime(order.expires_at, lang);
    summary.push(stacked(t.payBy, bdi(by)));
    text.push(`${t.payBy}: ${by}`);
  }
  slots.summary = summary.join("");
  text.push("");

  if (kind === "bank_transfer") {
    const rows: Array<[string, string]> = [
      [t.beneficiary, config.bank.beneficiary],
      [t.bank, config.bank.bank],
      [t.iban, config.bank.iban],
      [t.swift, config.bank.swift],
      [t.reference, order.number],
    ];
    text.push(fill(t.bankHow, { amount }), ...rows.map(([label, value]) => `${label}: ${value}`), "", t.expiryWarn, "");
    blocks.instructions = [
      {
        instructions:
          `<p style="margin:0 0 10px">${fill(escapeHtml(t.bankHow), { amount: moneyHtml(amount) })}</p>` +
          rows.map(([label, value]) => stacked(label, codeHtml(value))).join("") +
          `<p style="margin:0">${escapeHtml(t.expiryWarn)}</p>`,
      },
    ];
  } else if (kind === "cash") {
    const venues: string[] = [];
    text.push(fill(t.cashHow, { amount }));
    const seen = new Set<number>();
    for (const group of order.events) {
      if (seen.has(group.event.id)) continue;
      seen.add(group.event.id);
      const venue = venueOf(order, group.event.id, catalogue, lang);
      if (!venue) continue;
      const line = placeLine(venue, lang);
      text.push(`${t.cashVenues}: ${line}${venue.mapUrl ? ` (${venue.mapUrl})` : ""}`);
      venues.push(`<li>${escapeHtml(line)}${venue.mapUrl ? ` (${link(venue.mapUrl, t.map)})` : ""}</li>`);
    }
    text.push("", t.expiryWarn, "");
    blocks.instructions = [
      {
        instructions:
          `<p style="margin:0 0 10px">${fill(escapeHtml(t.cashHow), { amount: moneyHtml(amount) })}</p>` +
          `<ul style="margin:0 0 10px;padding-inline-start:20px">${venues.join("")}</ul>` +
          `<p style="margin:0">${escapeHtml(t.expiryWarn)}</p>`,
      },
    ];
  }

  const attachments: MailAttachment[] = [];
  if (paid) {
    const count = order.tickets.length;
    const ticketBlocks: Slots[] = [];
    // the text part names each event and each of its sessions once, the tickets under them
    const textEvents = new Map<string, { place: string; sessions: Map<string, string[]> }>();
    for (const [i, ticket] of order.tickets.entries()) {
      const group = order.events.find((g) => g.event.id === ticket.event_id);
      const eventTitle = group?.event.title ?? "";
      const when = sessionOf(ticket, order, lang);
      const venue = venueOf(order, ticket.event_id, catalogue, lang);
      const cid = `ticket-${i + 1}@uae-tickets`;
      const png = await QRCode.toBuffer(qrPayload(ticket), {
        type: "png",
        errorCorrectionLevel: "M",
        margin: 4,
        width: 360,
      });
      attachments.push({ filename: `ticket-${i + 1}-${ticket.code}.png`, content: png, contentType: "image/png", cid });

      const heading = fill(t.ticketOf, { index: i + 1, count });
      const details = [
        eventTitle && stacked(t.event, bdi(eventTitle)),
        when && stacked(t.when, bdi(when)),
        venue &&
          stacked(t.venue, `${bdi(placeLine(venue, lang))}${venue.mapUrl ? ` (${link(venue.mapUrl, t.map)})` : ""}`),
        stacked(t.category, bdi(ticket.title)),
        name && stacked(t.holder, bdi(name)),
      ].filter(Boolean);
      const walletLinks = walletLinksOf(wallet, ticket.code, t);
      if (walletLinks.length > 0)
        details.push(`<p style="margin:0">${walletLinks.map(([label, to]) => walletBadge(to, label)).join("")}</p>`);
      ticketBlocks.push({
        cid: escapeHtml(cid),
        qrAlt: escapeHtml(fill(t.qrAlt, { code: ticket.code })),
        code: codeHtml(ticket.code),
        heading: escapeHtml(heading),
        details: details.join(""),
      });

      const textEvent = textEvents.get(eventTitle) ?? {
        place: venue ? placeLine(venue, lang) : "",
        sessions: new Map(),
      };
      const lines = textEvent.sessions.get(when ?? "") ?? [];
      lines.push(`  ${heading}${comma}${ticket.title}: ${t.code} ${ticket.code}`);
      for (const [label, to] of walletLinks) lines.push(`    ${label}: ${to}`);
      textEvent.sessions.set(when ?? "", lines);
      textEvents.set(eventTitle, textEvent);
    }
    blocks.ticket = ticketBlocks;
    for (const [eventTitle, { place, sessions }] of textEvents) {
      if (eventTitle) text.push(`${t.event}: ${eventTitle}`);
      if (place) text.push(`${t.venue}: ${place}`);
      for (const [when, lines] of sessions) {
        if (when) text.push(`${t.when}: ${when}`);
        text.push(...lines);
      }
      text.push("");
    }
  }

  if (!free) {
    const rows = priceRows(order, t, money, decimals, lang);
    const end = lang === "ar" ? "left" : "right";
    blocks.prices = [
      {
        pricesHeading: escapeHtml(t.prices),
        priceRows: rows
          .map(
            (r) =>
              `<tr style="${r.strong ? "font-weight:700;" : ""}${r.muted ? "color:#555555;font-size:13px;" : ""}"><td style="padding:3px 0">${escapeHtml(r.label)}</td><td style="padding:3px 0;text-align:${end}">${moneyHtml(r.value)}</td></tr>`,
          )
          .join(""),
      },
    ];
    text.push(t.prices, ...rows.map((r) => `${r.label}: ${r.value}`), "");
  }

  const links: Array<[string, string]> = [];
  if (paid) {
    links.push([t.ticketsPage, url(href.orderTickets(order.id))]);
    if (!free) links.push([t.billPage, url(href.orderBill(order.id))]);
  }
  links.push([t.lookupPage, lookupUrl]);
  const [primary, ...others] = links as [[string, string], ...Array<[string, string]>];
  blocks.links = [
    {
      primaryHref: escapeHtml(primary[1]),
      primaryLabel: escapeHtml(primary[0]),
      links:
        others.map(([label, to]) => `<p style="margin:0 0 6px">${link(to, label)}</p>`).join("") +
        `<p style="margin:6px 0 0">${fill(escapeHtml(t.lookupHint), { number: codeHtml(order.number) })}</p>`,
    },
  ];
  text.push(...links.map(([label, to]) => `${label}: ${to}`), fill(t.lookupHint, { number: order.number }), "");

  const footer = fill(t.footer, { email: SELLER.supportEmail });
  slots.footer =
    `<p style="margin:0 0 10px"><strong>${escapeHtml(t.refundHeading)}</strong><br>${escapeHtml(REFUND_POLICY[lang])}</p>` +
    `<p style="margin:0 0 10px">${fill(escapeHtml(t.footer), { email: `<a href="mailto:${SELLER.supportEmail}" style="color:#c2185b">${bdi(SELLER.supportEmail)}</a>` })}</p>` +
    `<p style="margin:0">${escapeHtml(sellerLine(lang))}</p>`;
  text.push(t.refundHeading, REFUND_POLICY[lang], "", footer, sellerLine(lang));

  const template = await confirmationTemplate(lang);
  const html = renderConfirmation(template, slots, blocks);
  return {
    to: order.email ?? "",
    replyTo: config.replyTo,
    subject,
    text: text.join("\n"),
    html,
    lang,
    attachments,
  };
}
