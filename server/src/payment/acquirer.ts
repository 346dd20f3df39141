import { timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { formatMoney } from "../../../src/core/format";
import { standalonePage } from "../../../src/core/standalone-page";
import type { AppDeps } from "../deps";
import type { Lang } from "../lib/i18n";
import { currencyOf } from "../lib/money";
import { personName } from "../lib/validate";
import type { OrderService } from "../orders/order-service";
import { mayHappen } from "../orders/order-states";
import type { OrderRow, PaymentRow } from "../orders/orders-repository";
import { type AcquirerTexts, TEXTS } from "./texts";

export const APPROVED_CARD = "4242424242424242";
export const CHALLENGE_CARD = "4000000000003220";
export const DECLINED_CARD = "4000000000000002";
export const CHALLENGE_CODE = "123456";
/** The only numbers the sandbox knows; any other is refused, and counted against the order's attempts. */
const KNOWN_CARDS: ReadonlySet<string> = new Set([APPROVED_CARD, CHALLENGE_CARD, DECLINED_CARD]);

const CSS = readFileSync(join(__dirname, "acquirer.css"), "utf8");
/** The page's one script: the slash of MM/YY put in as the expiry is typed (the form works without it). */
const SCRIPT = readFileSync(join(__dirname, "acquirer-expiry.js"), "utf8");
/** A padlock-blue square, so the browser's favicon request finds something. */
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#2b6cb0"/></svg>';

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Everything written into the page goes through this: text and attribute values alike. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

type Form = Record<string, string>;

/**
 * The expiry as buyers type it: "12/29", "12 / 29", "1229" (the slash left out), "12/2029" or
 * "1/29"; undefined when it is none of them or the month is not 1 to 12.
 */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const plain = text.replace(/\s/g, "");
  const m = /^(\d{2})\/?(\d{2})$/.exec(plain) ?? /^(\d{1,2})\/(\d{2}|20\d{2})$/.exec(plain);
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = m[2]!.length === 4 ? Number(m[2]) : 2000 + Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

/** The expiry shown again in the form: as MM/YY when it reads as a date, else as it was typed. */
export function expiryShown(text: string): string {
  const exp = parseExpiry(text);
  return exp ? `${String(exp.month).padStart(2, "0")}/${String(exp.year % 100).padStart(2, "0")}` : text;
}

/** The largest form the acquirer's page takes. */
const FORM_LIMIT = 4096;
type FieldErrors = Partial<Record<"number" | "expiry" | "cvc" | "name", string>>;

/**
 * The local stand-in for an acquirer's hosted payment page: the card is typed here, on the
 * acquirer's own page, never on the shop's. It speaks the order's language, asks for 3-D Secure
 * on the challenge card, and sends the browser back to the shop's return URL when it is done.
 */
export async function sandboxAcquirer(app: FastifyInstance, deps: AppDeps, orders: OrderService): Promise<void> {
  const ownOrigin = new URL(deps.config.publicUrl).origin;

  // the page's routes carry the form's limit, so that their 413 names it
  app.addHook("onRoute", (route) => {
    route.bodyLimit = FORM_LIMIT;
  });
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_LIMIT },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  function securityHeaders(reply: FastifyReply, p?: PaymentRow): void {
    const returnOrigin = p ? new URL(p.returnUrl).origin : "";
    // the form posts here and is redirected back to the shop: both must be allowed as form targets
    const formTargets = ["'self'", ...new Set([...deps.config.siteOrigins, returnOrigin].filter(Boolean))].join(" ");
    reply.header(
      "Content-Security-Policy",
      `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action ${formTargets}; frame-ancestors 'none'; base-uri 'none'`,
    );
    reply.header("X-Frame-Options", "DENY");
    reply.header("X-Content-Type-Options", "nosniff");
    // not no-referrer: with it browsers send "Origin: null" on the page's own form posts, which the origin check refuses
    reply.header("Referrer-Policy", "same-origin");
    reply.header("Cache-Control", "no-store");
  }

  /**
   * The amount as the shop shows it ("USD 380.25", "380,25 $", "‏380.25 USD"): the site's one
   * formatter, in the order's language, with the currency's own decimals.
   */
  const money = (o: OrderRow): string =>
    formatMoney(
      o.totalAmount,
      o.currencyCode,
      o.lang,
      currencyOf(deps.catalogue.data.currencies, o.currencyCode)?.decimals ?? 2,
    );

  function page(lang: Lang, title: string, body: string): string {
    const t = TEXTS[lang];
    return standalonePage({
      lang,
      dir: t.dir,
      titleHtml: `${escapeHtml(title)} · ${escapeHtml(t.merchant)}`,
      headHtml: `<link rel="stylesheet" href="/sandbox-acquirer/acquirer.css">
<link rel="icon" href="/sandbox-acquirer/icon.svg" type="image/svg+xml">
<script src="/sandbox-acquirer/acquirer.js" defer></script>`,
      bodyHtml: `<main>\n${body}\n</main>`,
    });
  }

  function header(t: AcquirerTexts, o: OrderRow, heading: string, headingHtml = escapeHtml(heading)): string {
    return `<h1>${headingHtml}</h1>
<p class="merchant">${escapeHtml(t.merchant)}</p>
<p class="sandbox">${escapeHtml(t.sandboxNote)}</p>
<dl class="summary">
<dt>${escapeHtml(t.order)}</dt><dd><bdi>${escapeHtml(o.number)}</bdi></dd>
<dt>${escapeHtml(t.amount)}</dt><dd data-amount="${o.totalAmount}"><bdi class="nowrap">${escapeHtml(money(o))}</bdi></dd>
</dl>`;
  }

  /**
   * Back to the shop with the order and, once this visit has one, its outcome (as acquirers
   * append theirs): the shop goes straight to the right page, and still reads the order's
   * status itself before it believes it.
   */
  const returnTo = (p: PaymentRow, outcome?: "approved" | "declined" | "cancelled"): string => {
    const u = new URL(p.returnUrl);
    u.searchParams.set("order", p.orderId);
    const said = outcome ?? (p.state === "approved" || p.state === "declined" ? p.state : undefined);
    if (said) u.searchParams.set("payment", said);
    return u.href;
  };

  /** Cancelling ends the visit as a refusal the buyer chose: the order can be paid again, and the shop says so at once. */
  const cancelLink = (t: AcquirerTexts, p: PaymentRow): string =>
    `<form method="post" action="/sandbox-acquirer/pay/${escapeHtml(encodeURIComponent(p.token))}/cancel">
<input type="hidden" name="csrf" value="${escapeHtml(p.csrf)}">
<button type="submit" class="cancel">${escapeHtml(t.cancel)}</button>
</form>`;

  function field(
    id: string,
    label: string,
    attrs: string,
    value: string,
    error: string | undefined,
    hint?: string,
  ): string {
    const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
    return `<div class="field">
<label for="${id}">${escapeHtml(label)}</label>
${hint ? `<span class="hint" id="${id}-hint">${escapeHtml(hint)}</span>` : ""}
<input id="${id}" ${attrs} value="${escapeHtml(value)}"${described ? ` aria-describedby="${described}"` : ""}${error ? ' aria-invalid="true"' : ""}>
${error ? `<span class="error" id="${id}-error">${escapeHtml(error)}</span>` : ""}
</div>`;
  }

  /** The wallet the order is paid with, or undefined when it is paid by card. */
  function walletOf(o: OrderRow): "Apple Pay" | "Google Pay" | undefined {
    const type = deps.catalogue.data.acquisitions.find((a) => a.id === o.acquisitionId)?.type;
    return type === "apple_pay" ? "Apple Pay" : type === "google_pay" ? "Google Pay" : undefined;
  }

  function cardForm(o: OrderRow, p: PaymentRow, form: Form = {}, errors: FieldErrors = {}): string {
    const t = TEXTS[o.lang];
    const action = `/sandbox-acquirer/pay/${encodeURIComponent(p.token)}`;
    const csrf = `<input type="hidden" name="csrf" value="${escapeHtml(p.csrf)}">`;
    const wallet = walletOf(o);
    if (wallet) {
      const heading = t.walletTitle.replace("{wallet}", wallet);
      return page(
        o.lang,
        heading,
        `${header(t, o, heading, escapeHtml(t.walletTitle).replace("{wallet}", `<bdi>${wallet}</bdi>`))}
<p>${escapeHtml(t.walletText)}</p>
<form method="post" action="${escapeHtml(action)}">
${csrf}
<input type="hidden" name="wallet" value="approve">
<button type="submit">${escapeHtml(t.approve)}</button>
</form>
${cancelLink(t, p)}`,
      );
    }
    const any = Object.keys(errors).length > 0;
    return page(
      o.lang,
      t.title,
      `${header(t, o, t.title)}
${any ? `<p class="alert" role="alert">${escapeHtml(t.fixErrors)}</p>` : ""}
<form method="post" action="${escapeHtml(action)}" novalidate>
${csrf}
${field("card-number", t.cardNumber, 'name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" dir="ltr" maxlength="23" required', form.card_number ?? "", errors.number)}
<div class="row">
${field("card-expiry", t.expiry, `name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" dir="ltr" maxlength="7" placeholder="${escapeHtml(t.expiryPlaceholder)}" required`, expiryShown(form.expiry ?? ""), errors.expiry, t.expiryHint)}
${field("card-cvc", t.cvc, 'name="cvc" type="password" inputmode="numeric" autocomplete="cc-csc" dir="ltr" maxlength="4" required', form.cvc ?? "", errors.cvc, t.cvcHint)}
</div>
${field("card-name", t.cardholder, 'name="cardholder" type="text" autocomplete="cc-name" dir="auto" maxlength="100" required', form.cardholder ?? "", errors.name)}
<button type="submit">${escapeHtml(t.pay)} <bdi class="nowrap">${escapeHtml(money(o))}</bdi></button>
</form>
${cancelLink(t, p)}
<section class="cards" aria-labelledby="test-cards">
<h2 id="test-cards">${escapeHtml(t.testCards)}</h2>
<ul>
<li><bdi dir="ltr">4242 4242 4242 4242</bdi>: ${escapeHtml(t.cardApproved)}</li>
<li><bdi dir="ltr">4000 0000 0000 3220</bdi>: ${escapeHtml(t.cardChallenge)}</li>
<li><bdi dir="ltr">4000 0000 0000 0002</bdi>: ${escapeHtml(t.cardDeclined)}</li>
</ul>
</section>`,
    );
  }

  function challengeForm(o: OrderRow, p: PaymentRow, error?: string): string {
    const t = TEXTS[o.lang];
    return page(
      o.lang,
      t.challengeTitle,
      `${header(t, o, t.challengeTitle)}
<p>${escapeHtml(t.challengeText)}</p>
<form method="post" action="/sandbox-acquirer/pay/${escapeHtml(encodeURIComponent(p.token))}/3ds" novalidate>
<input type="hidden" name="csrf" value="${escapeHtml(p.csrf)}">
${field("otp", t.otp, 'name="code" type="text" inputmode="numeric" autocomplete="one-time-code" dir="ltr" maxlength="6" required', "", error, t.challengeHint)}
<button type="submit">${escapeHtml(t.confirm)}</button>
</form>
${cancelLink(t, p)}`,
    );
  }

  function finished(o: OrderRow, p: PaymentRow): string {
    const t = TEXTS[o.lang];
    const text = o.status === "paid" ? t.paidText : o.status === "expired" ? t.expiredText : t.notPayableText;
    return page(
      o.lang,
      t.doneTitle,
      `${header(t, o, t.doneTitle)}
<p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(returnTo(p))}">${escapeHtml(t.back)}</a></p>`,
    );
  }

  const notFoundPage = (): string =>
    page(
      "en",
      "Not found",
      `<h1>This payment link is not valid</h1>
<p lang="ru" dir="ltr">Эта ссылка на оплату недействительна.</p>
<p lang="ar" dir="rtl">رابط الدفع هذا غير صالح.</p>`,
    );

  /** The payment and its order, with holds that ran out released first. */
  async function load(token: string): Promise<{ p: PaymentRow; o: OrderRow } | undefined> {
    await deps.releaseExpired(deps.now());
    const p = await deps.payments.get(token);
    const o = p && (await deps.orders.get(p.orderId));
    return p && o ? { p, o } : undefined;
  }

  const open = (o: OrderRow): boolean =>
    mayHappen("acquirer_approve", o.status) && o.expiresAt !== null && o.expiresAt > deps.now();

  function validCard(form: Form, now: number, t: AcquirerTexts): { number: string; errors: FieldErrors } {
    const errors: FieldErrors = {};
    const number = (form.card_number ?? "").replace(/[\s-]/g, "");
    if (number === "") errors.number = t.numberMissing;
    else if (!KNOWN_CARDS.has(number)) errors.number = t.numberUnknown;
    const exp = parseExpiry(form.expiry ?? "");
    if (!exp) errors.expiry = t.expiryInvalid;
    else {
      const today = new Date(now);
      const { month, year } = exp;
      // a card is valid to the end of its month
      if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1))
        errors.expiry = t.expiryPast;
    }
    if (!/^\d{3,4}$/.test((form.cvc ?? "").trim())) errors.cvc = t.cvcInvalid;
    try {
      personName(form.cardholder ?? "", "cardholder", 100);
    } catch {
      errors.name = t.nameInvalid;
    }
    return { number, errors };
  }

  /** A post must come from this page: the acquirer's own origin (when the browser says) and the payment's form token. */
  function trusted(req: FastifyRequest<{ Body: unknown }>, p: PaymentRow): boolean {
    const origin = req.headers.origin;
    // "null" is what a browser sends when its referrer settings hide the origin; the form token still has to match
    if (origin !== undefined && origin !== ownOrigin && origin !== "null") return false;
    const body = req.body as Form | undefined;
    return typeof body?.csrf === "string" && sameSecret(body.csrf, p.csrf);
  }

  function refuse(reply: FastifyReply, o: OrderRow): FastifyReply {
    const t = TEXTS[o.lang];
    return reply
      .code(403)
      .type("text/html; charset=utf-8")
      .send(
        page(
          o.lang,
          t.title,
          `<h1>${escapeHtml(t.title)}</h1>
<p class="alert" role="alert">${escapeHtml(t.formExpired)}</p>`,
        ),
      );
  }

  const backToShop = (
    reply: FastifyReply,
    p: PaymentRow,
    outcome?: "approved" | "declined" | "cancelled",
  ): FastifyReply => reply.code(303).header("Location", returnTo(p, outcome)).send();

  /** Approve or decline, then back to the shop; the shop reads the order's status itself. */
  async function conclude(
    reply: FastifyReply,
    p: PaymentRow,
    from: PaymentRow["state"],
    approved: boolean,
    outcome: "approved" | "declined" | "cancelled" = approved ? "approved" : "declined",
  ): Promise<FastifyReply> {
    if (await deps.payments.move(p.token, from, approved ? "approved" : "declined")) {
      if (approved) await orders.approve(p.orderId);
      else await orders.decline(p.orderId, outcome === "cancelled" ? "acquirer_cancel" : "acquirer_decline");
      return backToShop(reply, p, outcome);
    }
    return backToShop(reply, p);
  }

  /**
   * Every payment page starts alike: the payment and its order by the token, the page's headers,
   * and a 404 page (answered here) when the token names no payment.
   */
  async function visit(token: string, reply: FastifyReply): Promise<{ p: PaymentRow; o: OrderRow } | undefined> {
    const found = await load(token);
    securityHeaders(reply, found?.p);
    reply.type("text/html; charset=utf-8");
    if (!found) reply.code(404).send(notFoundPage());
    return found;
  }

  /**
   * A post to one step of the visit (the card form, or the 3-D Secure code) goes on only when it
   * comes from this page and the visit is still at that step; anything else is answered here.
   */
  async function postAt(
    req: FastifyRequest<{ Params: { token: string }; Body: unknown }>,
    reply: FastifyReply,
    step: "open" | "challenge",
  ): Promise<{ p: PaymentRow; o: OrderRow } | undefined> {
    const found = await visit(req.params.token, reply);
    if (!found) return undefined;
    const { p, o } = found;
    if (!trusted(req, p)) refuse(reply, o);
    else if (p.state !== step || !open(o)) await stale(reply, p);
    else if (step === "open") {
      // pages opened in advance do not get round the order's cap and wait on declined attempts: past the
      // cap the visit ends; while a wait runs, the form is shown again saying how long (what was typed kept)
      const refusal = await orders.attemptRefusal(o.id, deps.now());
      if (refusal === undefined) return found;
      if (refusal.statusCode !== 429) await stale(reply, p);
      else {
        const seconds = Number(refusal.headers?.["Retry-After"] ?? 1);
        const t = TEXTS[o.lang];
        const duration = new Intl.NumberFormat(t.locale, { style: "unit", unit: "second", unitDisplay: "long" });
        const wait = t.tryAgainIn.replace("{duration}", duration.format(seconds));
        reply
          .code(429)
          .header("Retry-After", String(seconds))
          .send(cardForm(o, p, (req.body ?? {}) as Form, { number: wait }));
      }
    } else return found;
    return undefined;
  }

  /** A post for a step this visit is no longer at (the order ran out of time, or the visit is over): nothing is charged, the shop shows why. */
  async function stale(reply: FastifyReply, p: PaymentRow): Promise<FastifyReply> {
    if (p.state === "open" || p.state === "challenge") await deps.payments.move(p.token, p.state, "expired");
    return backToShop(reply, p);
  }

  app.get("/sandbox-acquirer/acquirer.css", async (_req, reply) => {
    reply.header("Cache-Control", "public, max-age=3600").header("X-Content-Type-Options", "nosniff");
    return reply.type("text/css; charset=utf-8").send(CSS);
  });

  app.get("/sandbox-acquirer/acquirer.js", async (_req, reply) => {
    reply.header("Cache-Control", "public, max-age=3600").header("X-Content-Type-Options", "nosniff");
    return reply.type("text/javascript; charset=utf-8").send(SCRIPT);
  });

  app.get("/sandbox-acquirer/icon.svg", async (_req, reply) => {
    reply.header("Cache-Control", "public, max-age=86400").header("X-Content-Type-Options", "nosniff");
    return reply.type("image/svg+xml").send(ICON);
  });

  app.get<{ Params: { token: string } }>("/sandbox-acquirer/pay/:token", async (req, reply) => {
    const found = await visit(req.params.token, reply);
    if (!found) return reply;
    const { p, o } = found;
    if (!open(o) || p.state === "approved" || p.state === "declined" || p.state === "expired") return finished(o, p);
    return p.state === "challenge" ? challengeForm(o, p) : cardForm(o, p);
  });

  app.post<{ Params: { token: string }; Body: unknown }>("/sandbox-acquirer/pay/:token", async (req, reply) => {
    const found = await postAt(req, reply, "open");
    if (!found) return reply;
    const { p, o } = found;
    const form = (req.body ?? {}) as Form;
    if (walletOf(o)) return conclude(reply, p, "open", form.wallet === "approve");
    const now = deps.now();
    const { number, errors } = validCard(form, now, TEXTS[o.lang]);
    if (number !== "" && !KNOWN_CARDS.has(number)) {
      // a number the acquirer refuses counts as a declined attempt, as a declined card does: a card tester
      // gets the order's few attempts, each after a growing wait, not thousands of guesses a minute
      await deps.throttle.hit("payment-declined", o.id, now);
      if ((await orders.attemptRefusal(o.id, now))?.statusCode === 409) return stale(reply, p);
    }
    if (Object.keys(errors).length > 0) return reply.code(400).send(cardForm(o, p, form, errors));
    if (number === CHALLENGE_CARD) {
      if (!(await deps.payments.move(p.token, "open", "challenge"))) return backToShop(reply, p);
      return challengeForm(o, p);
    }
    return conclude(reply, p, "open", number === APPROVED_CARD);
  });

  app.post<{ Params: { token: string }; Body: unknown }>("/sandbox-acquirer/pay/:token/cancel", async (req, reply) => {
    const found = await visit(req.params.token, reply);
    if (!found) return reply;
    const { p, o } = found;
    if (!trusted(req, p)) return refuse(reply, o);
    if ((p.state === "open" || p.state === "challenge") && open(o))
      return conclude(reply, p, p.state, false, "cancelled");
    return backToShop(reply, p);
  });

  app.post<{ Params: { token: string }; Body: unknown }>("/sandbox-acquirer/pay/:token/3ds", async (req, reply) => {
    const found = await postAt(req, reply, "challenge");
    if (!found) return reply;
    const { p, o } = found;
    const code = ((req.body as Form | undefined)?.code ?? "").trim();
    if (!/^\d{6}$/.test(code)) return reply.code(400).send(challengeForm(o, p, TEXTS[o.lang].otpInvalid));
    return conclude(reply, p, "challenge", code === CHALLENGE_CODE);
  });
}
