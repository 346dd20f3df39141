/**
 * Orders for the tickets tests, made through the real server's API in a browser context's
 * own session (so the pages then opened in that context see them): basket, the solved
 * captcha, the order, and for card orders the sandbox acquirer's page filled in.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import type { APIRequestContext, BrowserContext, Locator, Page } from "playwright-core";
import { API_URL, SITE_URL } from "./browser";
import { catalogueEvents } from "./shop";

export type Lang = "en" | "ru" | "ar";

export interface WireOrder {
  id: string;
  number: string;
  status: string;
  email: string;
  lang: Lang;
  tickets: Array<{ code: string; event_id: number; title: string }>;
  total: { count: number; amount: number };
  expires_at: string | null;
}

export function sitePath(lang: Lang, path: string): string {
  return `${SITE_URL}${lang === "en" ? "" : `/${lang}`}${path}`;
}

/** ALTCHA's proof of work, solved the way the site's hidden widget does. */
export async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const res = await request.get(`${API_URL}/api/captcha`);
  assert.equal(res.status(), 200, await res.text());
  const c = (await res.json()) as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  for (let n = 0; n <= c.maxnumber; n++) {
    if (createHash("sha256").update(`${c.salt}${n}`).digest("hex") === c.challenge) {
      return Buffer.from(
        JSON.stringify({
          algorithm: c.algorithm,
          challenge: c.challenge,
          number: n,
          salt: c.salt,
          signature: c.signature,
        }),
      ).toString("base64");
    }
  }
  throw new Error("captcha without a solution");
}

/** A ticket category on sale: a paid one (the `skip`-th) or a free one. */
export async function offer(kind: "paid" | "free", skip = 0): Promise<{ id: number }> {
  const offers = (await catalogueEvents())
    .filter((e) => e.status === "on_sale")
    .flatMap((e) =>
      e.offers.filter(
        (o) => o.available >= 10 && o.max_per_order >= 3 && (kind === "free" ? o.price === 0 : o.price > 0),
      ),
    );
  const found = offers[skip % Math.max(1, offers.length)];
  assert.ok(found, `no ${kind} ticket on sale`);
  return found;
}

export async function placeOrder(
  context: BrowserContext,
  options: { lang: Lang; ticketId: number; count: number; email: string; acquisitionId: number | null; name?: string },
): Promise<WireOrder> {
  const { request } = context;
  const add = await request.post(`${API_URL}/api/basket`, {
    data: { type: "ADD_TICKET", ticket: { id: options.ticketId, count: options.count } },
  });
  assert.equal(add.status(), 200, await add.text());
  const res = await request.post(`${API_URL}/api/orders?lang=${options.lang}`, {
    data: {
      email: options.email,
      name: options.name ?? "Layla Haddad",
      currency_code: "AED",
      acquisition_id: options.acquisitionId,
      lang: options.lang,
      captcha: await solvedCaptcha(request),
    },
  });
  assert.equal(res.status(), 201, await res.text());
  return (await res.json()) as WireOrder;
}

export async function orderNow(context: BrowserContext, id: string): Promise<WireOrder> {
  const res = await context.request.get(`${API_URL}/api/orders/${encodeURIComponent(id)}`);
  assert.equal(res.status(), 200, await res.text());
  return (await res.json()) as WireOrder;
}

/** Pays a card order on the sandbox acquirer's page with the approved card; ends on the site's return page. */
export async function payOnSandbox(page: Page, order: WireOrder, lang: Lang): Promise<void> {
  const start = await page.context().request.post(`${API_URL}/api/orders/${encodeURIComponent(order.id)}/payments`, {
    data: { return_url: sitePath(lang, "/payment/success/") },
  });
  assert.equal(start.status(), 201, await start.text());
  const { redirect_url } = (await start.json()) as { redirect_url: string };
  await page.goto(redirect_url);
  await page.locator('[autocomplete="cc-number"]').fill("4242 4242 4242 4242");
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");
  await page.locator('[autocomplete="cc-exp"]').fill(`12/${year}`);
  await page.locator('[autocomplete="cc-csc"]').fill("123");
  await page.locator('[autocomplete="cc-name"]').fill("LAYLA HADDAD");
  await Promise.all([
    page.waitForURL((url) => url.href.startsWith(SITE_URL), { timeout: 20_000 }),
    page.locator('form [type="submit"]').first().click(),
  ]);
}

/** Decodes the QR code drawn in an element from a screenshot of it. */
export async function decodeQr(element: Locator): Promise<string | null> {
  const png = PNG.sync.read(await element.screenshot({ scale: "css" }));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** Every QR code of the e-ticket cards on the page, decoded from screenshots. */
export async function decodeAllQr(page: Page): Promise<string[]> {
  const codes = page.locator("svg[data-qr]");
  const out: string[] = [];
  for (let i = 0; i < (await codes.count()); i++) {
    const el = codes.nth(i);
    await el.scrollIntoViewIfNeeded();
    const text = await decodeQr(el);
    assert.ok(text, `QR code ${i + 1} did not decode`);
    out.push(text);
  }
  return out;
}

export const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
