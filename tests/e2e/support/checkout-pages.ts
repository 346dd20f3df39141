/**
 * Page objects of the purchase path (event page → basket → cart → checkout → pay → the
 * acquirer's hosted page → outcome) for the checkout end-to-end tests. Elements are found
 * by role and by the label the visitor reads, taken from locales/ (the site) and from the
 * sandbox acquirer's own texts, so every language is driven the same way.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { TEXTS as ACQUIRER_TEXTS } from "../../../server/src/sandbox/texts";
import { API_URL, siteUrl, waitForHydration } from "./browser";

export const LANGS = ["en", "ru", "ar"] as const;
export type Lang = (typeof LANGS)[number];

export const APPROVED_CARD = "4242 4242 4242 4242";
export const DECLINED_CARD = "4000 0000 0000 0002";
export const THREE_D_SECURE_CARD = "4000 0000 0000 3220";
export const THREE_D_SECURE_CODE = "123456";

const LOCALES_DIR = resolve(__dirname, "../../../locales");
const trees = new Map<string, Record<string, unknown>>();

function tree(lang: Lang, ns: string): Record<string, unknown> {
  const key = `${lang}/${ns}`;
  let found = trees.get(key);
  if (!found) {
    found = JSON.parse(readFileSync(join(LOCALES_DIR, lang, `${ns}.json`), "utf8")) as Record<string, unknown>;
    trees.set(key, found);
  }
  return found;
}

/** A text of the site as a visitor reads it: "ns:a.b" with {{values}}, plurals by count. */
export function text(lang: Lang, nsKey: string, values: Record<string, string | number> = {}): string {
  const [ns, key] = nsKey.includes(":") ? (nsKey.split(":") as [string, string]) : ["common", nsKey];
  const lookup = (k: string): unknown =>
    k
      .split(".")
      .reduce<unknown>(
        (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
        tree(lang, ns),
      );
  let found = lookup(key);
  if (found === undefined && typeof values.count === "number") {
    const locale = { en: "en-US", ru: "ru-RU", ar: "ar-AE" }[lang];
    const rule =
      values.count === 0 && lookup(`${key}_zero`) !== undefined
        ? "zero"
        : new Intl.PluralRules(locale).select(values.count);
    found = lookup(`${key}_${rule}`) ?? lookup(`${key}_other`);
  }
  if (typeof found !== "string") throw new Error(`no text ${lang}/${ns}:${key}`);
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export function localPath(lang: Lang, path: string): string {
  return lang === "en" ? path : `/${lang}${path}`;
}

export async function open(page: Page, lang: Lang, path: string): Promise<void> {
  await page.goto(siteUrl(localPath(lang, path)));
  await waitForHydration(page);
}

export interface TicketOnSale {
  eventId: number;
  eventTitle: string;
  ticketId: number;
  /** as the catalogue titles it in the page's language */
  ticketTitle: string;
  /** as the catalogue titles it by default (English) */
  defaultTicketTitle: string;
}

interface WireEvent {
  id: number;
  event_source_id: number;
  title: string;
  status?: string;
}

interface WireSession {
  tickets: Array<{
    id: number;
    title: string;
    available: number;
    max_per_order: number;
    price: number;
    service_fee?: number;
  }>;
}

export interface PricedTicket extends TicketOnSale {
  /** in AED */
  price: number;
  serviceFee: number;
}

/**
 * Tickets on sale in the first session of an upcoming event (the picker's default), at
 * least `count` of them, titled as the page in `lang` shows them. `skip` picks a later
 * event, so tests can buy from different ones.
 */
export async function findTicketsOnSale(
  request: APIRequestContext,
  count: number,
  skip = 0,
  lang: Lang = "en",
  free = false,
): Promise<PricedTicket> {
  const events = (await (await request.get(`${API_URL}/v1/events?page_size=100&lang=${lang}`)).json()) as {
    results: WireEvent[];
  };
  let skipped = 0;
  for (const event of events.results) {
    if (event.status && event.status !== "on_sale") continue;
    const sessions = (await (
      await request.get(
        `${API_URL}/v2/dates_prices?event_source_id=${event.event_source_id}&currency=AED&source_id=2&lang=${lang}`,
      )
    ).json()) as WireSession[];
    // free tickets only when asked for: a purchase test needs something to pay
    const ticket = sessions[0]?.tickets.find(
      (t) => t.available >= count + 5 && t.max_per_order >= count && (t.price === 0) === free,
    );
    if (!ticket) continue;
    if (skipped++ < skip) continue;
    const english = (await (
      await request.get(`${API_URL}/v2/dates_prices?event_source_id=${event.event_source_id}&currency=AED&source_id=2`)
    ).json()) as WireSession[];
    const defaultTitle = english.flatMap((s) => s.tickets).find((t) => t.id === ticket.id)?.title ?? ticket.title;
    return {
      eventId: event.id,
      eventTitle: event.title,
      ticketId: ticket.id,
      ticketTitle: ticket.title,
      defaultTicketTitle: defaultTitle,
      price: ticket.price,
      serviceFee: ticket.service_fee ?? 0,
    };
  }
  throw new Error(`no event with ${count} ${free ? "free " : ""}tickets on sale`);
}

/**
 * On the event page: `count` tickets of one category into the basket, then on to the cart.
 * `query` is added to the event page's address (say, a campaign's utm_ parameters).
 */
export async function pickTicketsOnEventPage(
  page: Page,
  lang: Lang,
  tickets: TicketOnSale,
  count: number,
  query = "",
): Promise<void> {
  await open(page, lang, `/events/${tickets.eventId}/${query}`);
  // The picker may title tickets in the catalogue's default language on a translated page;
  // this test is about buying, so it accepts either title.
  const more = page
    .getByRole("button", { name: text(lang, "picker.increase", { title: tickets.ticketTitle }) })
    .or(page.getByRole("button", { name: text(lang, "picker.increase", { title: tickets.defaultTicketTitle }) }));
  for (let i = 0; i < count; i++) await more.click();
  await page.getByRole("button", { name: text(lang, "picker.add") }).click();
  await page.getByRole("link", { name: text(lang, "picker.goToCart") }).click();
  await page.waitForURL(`**${localPath(lang, "/cart/")}`);
}

export async function checkoutFromCart(page: Page, lang: Lang, submitKey = "forms:checkout.submit"): Promise<void> {
  await page.getByRole("link", { name: text(lang, "cart.checkout") }).click();
  await page.waitForURL(`**${localPath(lang, "/order/checkout/")}`);
  await page.getByRole("button", { name: text(lang, submitKey) }).waitFor();
}

export interface Buyer {
  name: string;
  email: string;
  phone?: string;
}

export async function fillBuyer(page: Page, lang: Lang, buyer: Buyer): Promise<void> {
  await page.getByLabel(text(lang, "forms:checkout.name"), { exact: true }).fill(buyer.name);
  await page.getByLabel(text(lang, "forms:checkout.email"), { exact: true }).fill(buyer.email);
  await page.getByLabel(text(lang, "forms:checkout.phone"), { exact: true }).fill(buyer.phone ?? "");
}

/**
 * Places the order with the preselected way to pay (the bank card) and waits for the pay
 * page; the captcha is solved by the page itself, unseen.
 */
export async function placeOrder(page: Page, lang: Lang): Promise<string> {
  await page.getByRole("button", { name: text(lang, "forms:checkout.submit") }).click();
  await page.waitForURL(new RegExp(`${localPath(lang, "/order/pay/")}[^/]+/$`));
  const id = new URL(page.url()).pathname.split("/").filter(Boolean).at(-1);
  if (!id) throw new Error(`no order id in ${page.url()}`);
  await payButton(page, lang).waitFor();
  return decodeURIComponent(id);
}

/** The pay page's one button: "Pay" and the amount. */
export function payButton(page: Page, lang: Lang) {
  return page.getByRole("button", { name: new RegExp(`^${escapeRegExp(text(lang, "forms:payment.payButton"))}\\s`) });
}

/** From the pay page to the acquirer's hosted page (an address outside the site). */
export async function goToAcquirer(page: Page, lang: Lang): Promise<void> {
  await payButton(page, lang).click();
  await page.waitForURL((url) => url.href.startsWith(API_URL));
  await page.getByRole("heading", { name: ACQUIRER_TEXTS[lang].title }).waitFor();
}

/**
 * On the sandbox acquirer's page, in the order's language: the card form filled by its
 * labels, then Pay; with `otp`, the 3-D Secure step too. Ends back on the site.
 */
export async function payOnAcquirer(
  page: Page,
  lang: Lang,
  card: string,
  options: { otp?: string; holder?: string } = {},
): Promise<void> {
  const t = ACQUIRER_TEXTS[lang];
  await page.getByLabel(t.cardNumber, { exact: true }).fill(card);
  await page.getByLabel(t.expiry, { exact: true }).fill("12/34");
  await page.getByLabel(t.cvc, { exact: true }).fill("123");
  await page.getByLabel(t.cardholder, { exact: true }).fill(options.holder ?? "LAYLA HADDAD");
  await page.getByRole("button", { name: new RegExp(`^${escapeRegExp(t.pay)}\\s`) }).click();
  if (options.otp !== undefined) {
    await page.getByRole("heading", { name: t.challengeTitle }).waitFor();
    await page.getByLabel(t.otp, { exact: true }).fill(options.otp);
    await page.getByRole("button", { name: t.confirm, exact: true }).click();
  }
  await page.waitForURL(`**${localPath(lang, "/payment/success/")}?order=*`);
  await waitForHydration(page);
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The e-ticket codes shown on the payment success page. */
export async function shownCodes(page: Page): Promise<string[]> {
  const block = page.getByTestId("ticket-codes");
  await block.waitFor();
  return (await block.getByRole("listitem").allTextContents()).map((s) => s.trim());
}

export interface ApiOrder {
  id: string;
  number: string;
  status: string;
  tickets: Array<{ code: string }>;
  total: { price: number; service_fee: number; payment_fee: number; amount: number; count: number };
}

/** The order as the API tells this browser context (its session cookie) about it. */
export async function orderViaApi(
  context: BrowserContext,
  id: string,
): Promise<{ status: number; order: ApiOrder | null }> {
  const response = await context.request.get(`${API_URL}/api/orders/${encodeURIComponent(id)}`);
  return { status: response.status(), order: response.ok() ? ((await response.json()) as ApiOrder) : null };
}

/** Puts tickets into this context's basket through the API (for tests about the checkout form itself). */
export async function seedBasket(context: BrowserContext, ticketId: number, count: number): Promise<void> {
  const response = await context.request.post(`${API_URL}/api/basket`, {
    data: { type: "ADD_TICKET", ticket: { id: ticketId, count } },
  });
  if (!response.ok()) throw new Error(`seeding the basket failed: ${response.status()} ${await response.text()}`);
}

type AxeRun = (
  context: { include: string[][] },
  options: object,
) => Promise<{
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>;
}>;

/**
 * Serious and critical axe violations inside the page's <main>: the order pages' own
 * content (the header and footer have tests of their own).
 */
export async function seriousViolationsInMain(
  page: Page,
): Promise<Array<{ id: string; help: string; nodes: string[] }>> {
  const source = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  // evaluated, not injected as a <script>: the site's security policy refuses inline scripts
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: AxeRun } }).axe;
    const result = await axe.run({ include: [["main"]] }, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(({ id, help, nodes }) => ({ id, help, nodes }));
}
