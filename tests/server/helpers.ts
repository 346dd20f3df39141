/**
 * Shared test support for the local server: build the app on a fresh in-memory database,
 * validate answers against the contract files themselves, and keep cookies per visitor.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before } from "node:test";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { parse } from "yaml";
import { type BuildOptions, buildApp } from "../../server/src/app";
import type { Schemas } from "../../server/src/catalogue/serialize";
import { DEFAULT_SITE_ORIGINS, type ServerConfig } from "../../server/src/config";
import { openDatabase } from "../../server/src/db/database";
import type { AppDeps, WireOrder } from "../../server/src/deps";
import { type CaptchaChallenge, solveCaptchaChallenge } from "../../server/src/orders/captcha";
import { createPostgresDatabase, openTestDatabase } from "../support/test-database";

const root = join(__dirname, "..", "..");

type OpenApi = {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string; content?: unknown }> }>>;
  components: { responses: Record<string, unknown> };
};

function loadContract(name: "catalogue" | "basket"): OpenApi {
  return parse(readFileSync(join(root, "contracts", `${name}.openapi.yaml`), "utf8")) as OpenApi;
}

export const contracts = { catalogue: loadContract("catalogue"), basket: loadContract("basket") };

/** Every operation a contract describes, as "METHOD /path", sorted: what a coverage test compares with. */
export function contractOperations(contract: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(contract.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(contracts.catalogue, "catalogue.yaml");
ajv.addSchema(contracts.basket, "basket.yaml");

const pointerEscape = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/** The JSON pointer of a response's schema, following a response-level $ref. */
function responseSchemaRef(contract: "catalogue" | "basket", path: string, method: string, status: string): string {
  const doc = contracts[contract];
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`the ${contract} contract has no ${method.toUpperCase()} ${path}`);
  const response = op.responses[status];
  if (!response)
    throw new Error(`the ${contract} contract has no ${status} answer for ${method.toUpperCase()} ${path}`);
  const base = response.$ref ? response.$ref.slice(1) : `/paths/${pointerEscape(path)}/${method}/responses/${status}`;
  return `${contract}.yaml#${base}/content/application~1json/schema`;
}

/** Asserts that a JSON answer matches the contract's schema for that path, method and status. */
export function assertMatchesContract(
  contract: "catalogue" | "basket",
  path: string,
  method: string,
  res: { statusCode: number; body: string },
): unknown {
  const ref = responseSchemaRef(contract, path, method, String(res.statusCode));
  const validate = ajv.getSchema(ref);
  if (!validate) throw new Error(`no schema at ${ref}`);
  const body: unknown = JSON.parse(res.body);
  if (!validate(body)) {
    throw new Error(
      `${method.toUpperCase()} ${path} ${res.statusCode} does not match the contract: ${ajv.errorsText(validate.errors)}\n${res.body.slice(0, 500)}`,
    );
  }
  return body;
}

/** Validates any value against a named component schema. */
export function assertSchema(contract: "catalogue" | "basket", name: string, value: unknown): void {
  const validate = ajv.getSchema(`${contract}.yaml#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name}`);
  if (!validate(value)) throw new Error(`${name}: ${ajv.errorsText(validate.errors)}`);
}

export type TestApp = FastifyInstance & { deps: AppDeps };

/** Everything explicit, so that the environment of a test run (SITE_ORIGINS, FAULT_*, ...) cannot leak in. */
export const HERMETIC: Partial<ServerConfig> = {
  publicUrl: "http://api.test",
  siteUrl: "http://127.0.0.1:9000",
  siteOrigins: DEFAULT_SITE_ORIGINS,
  holdMinutes: 15,
  sweepIntervalMs: 0,
  faults: { latencyMs: 0, rate429: 0, rate503: 0, dead: false, scope: "all" },
  faultControl: false,
  logger: false,
  cardPayMinutes: 30,
  offlinePayMinutes: 48 * 60,
  // tests make many baskets and orders from one address; the limits have tests of their own
  heldPerClient: 100_000,
  orderRateMax: 100_000,
  orderRateWindowMs: 60_000,
  lookupFailMax: 10,
  lookupWindowMs: 10 * 60_000,
  lookupLockedTryMs: 30_000,
  // tests buy many tickets as few buyers from one address; each limit has tests of its own
  buyerEventMax: 100_000,
  clientDayMax: 100_000,
  freePerBuyer: 100_000,
  freeClientDayMax: 100_000,
  offlineHeldPerClient: 100_000,
  offlineEventPercent: 100,
  mailPerRecipientHour: 100_000,
  paymentAttemptsPerOrder: 5,
  paymentStartsPerClientHour: 100_000,
  paymentRetryBaseMs: 0,
  holdCooldownMinutes: 10,
  captchaFetchMax: 100_000,
  captchaFetchWindowMs: 600_000,
  trustedProxy: false,
  cookieSecure: false,
  captchaSecret: "test-secret",
  // small, so that tests solve challenges in a few milliseconds
  captchaMaxNumber: 1000,
  captchaTtlMs: 600_000,
  cacheMaxBytes: 32 * 1024 * 1024,
};

export interface Clock {
  now: () => number;
  advance(ms: number): void;
}

/**
 * A fresh app on a database of its own (in memory, or a new PostgreSQL database when the suite runs
 * there), seeded with the sample data, with a clock the test can move.
 */
export async function makeApp(
  config: Partial<ServerConfig> = {},
  opts: { notifier?: BuildOptions["notifier"] } = {},
): Promise<{ app: TestApp; clock: Clock }> {
  let offset = 0;
  const clock: Clock = { now: () => Date.now() + offset, advance: (ms) => (offset += ms) };
  const db = await openTestDatabase({ seeded: true });
  const app = (await buildApp({
    db,
    now: clock.now,
    config: { ...HERMETIC, ...config },
    notifier: opts.notifier ?? { orderConfirmed: () => undefined },
  })) as TestApp;
  app.addHook("onClose", async () => db.close());
  return { app, clock };
}

/** For a test that needs its own app (its own settings or clock): the app is closed however the test ends. */
export async function withApp(
  config: Partial<ServerConfig>,
  test: (made: { app: TestApp; clock: Clock }) => Promise<void>,
): Promise<void> {
  const made = await makeApp(config);
  try {
    await test(made);
  } finally {
    await made.app.close();
  }
}

/** The app as seen from another client address. */
export const fromAddress = (app: TestApp, remoteAddress: string): TestApp =>
  new Proxy(app, {
    get: (target, key) =>
      key === "inject" ? (opts: InjectOptions) => target.inject({ ...opts, remoteAddress }) : Reflect.get(target, key),
  });

/** Server instances on one PostgreSQL database, as a deploy runs them; `close` ends them and drops it. */
export interface Instances {
  apps: TestApp[];
  close(): Promise<void>;
}

/**
 * `count` server instances on one new PostgreSQL database (TEST_DATABASE_URL), each with the
 * hermetic settings and `config` over them; started one after the other, as the first start seeds
 * the catalogue (a second instance would wait for it anyway).
 */
export async function instancesOnPostgres(
  count: number,
  options: { config?: Partial<ServerConfig>; now?: () => number } = {},
): Promise<Instances> {
  const made = await createPostgresDatabase();
  const apps: TestApp[] = [];
  for (let i = 0; i < count; i++) {
    const db = await openDatabase(made.url, { poolMax: 8 });
    const app = (await buildApp({
      db,
      now: options.now,
      config: { ...HERMETIC, ...options.config },
      notifier: { orderConfirmed: () => undefined },
    })) as TestApp;
    app.addHook("onClose", async () => db.close());
    apps.push(app);
  }
  return {
    apps,
    async close() {
      for (const app of apps) await app.close();
      await made.drop();
    },
  };
}

/**
 * For the suite it is called in: instances on one new PostgreSQL database before its tests (in
 * `apps` of what it returns), closed and the database dropped after them.
 */
export function withInstancesOnPostgres(
  count: number,
  options: Parameters<typeof instancesOnPostgres>[1] = {},
): { readonly apps: TestApp[] } {
  let instances: Instances | undefined;
  before(async () => {
    instances = await instancesOnPostgres(count, options);
  });
  after(async () => instances?.close());
  return {
    get apps() {
      assert.ok(instances, "the suite's instances are started before its tests");
      return instances.apps;
    },
  };
}

/** A fresh visitor (or the one of `cookie`) at address `ip` adds `count` of `ticket` to its basket. */
export const addFrom = (app: TestApp, ip: string, ticket: number, count: number, cookie?: string) =>
  app.inject({
    method: "POST",
    url: "/api/basket",
    remoteAddress: ip,
    headers: { "content-type": "application/json", origin: SITE_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ type: "ADD_TICKET", ticket: { id: ticket, count } }),
  });

/** Counts the statements the app sends to its database from now on, and keeps their texts. */
export function countStatements(app: TestApp): { count: number; texts: string[] } {
  const counter = { count: 0, texts: [] as string[] };
  const db = app.deps.db;
  for (const method of ["all", "run", "withTransaction"] as const) {
    const original = db[method].bind(db) as (...args: unknown[]) => Promise<unknown>;
    (db as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      counter.count++;
      counter.texts.push(typeof args[0] === "string" ? args[0] : method);
      return original(...args);
    };
  }
  return counter;
}

export const SITE_ORIGIN = "http://127.0.0.1:9000";

/** One visitor: keeps its session cookie between requests, like a browser. */
export class Visitor {
  cookie: string | undefined;
  constructor(
    private readonly app: TestApp,
    private readonly origin: string | undefined = SITE_ORIGIN,
  ) {}

  async request(
    method: "GET" | "POST" | "DELETE" | "PUT",
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      headers: {
        ...(this.origin ? { origin: this.origin } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const set = res.headers["set-cookie"];
    const first = Array.isArray(set) ? set[0] : set;
    if (first) this.cookie = first.split(";")[0];
    return res;
  }

  basket(currency?: string) {
    return this.request("GET", `/api/basket${currency ? `?currency_code=${currency}` : ""}`);
  }
  change(body: unknown, currency?: string) {
    return this.request("POST", `/api/basket${currency ? `?currency_code=${currency}` : ""}`, body);
  }
  add(id: number, count: number) {
    return this.change({ type: "ADD_TICKET", ticket: { id, count } });
  }
}

export const json = <T = unknown>(res: { body: string }): T => JSON.parse(res.body) as T;

/** Ticket offers of an event as the catalogue shows them now. */
export async function offersOf(app: TestApp, eventSourceId: number, currency = "AED") {
  const res = await app.inject(`/v2/dates_prices?event_source_id=${eventSourceId}&currency=${currency}&source_id=2`);
  return json<Schemas["DatePrices"][]>(res);
}

/** How many of a ticket offer the catalogue says are left now. */
export async function available(app: TestApp, eventSourceId: number, ticketId: number): Promise<number> {
  const offer = (await offersOf(app, eventSourceId)).flatMap((s) => s.tickets).find((t) => t.id === ticketId);
  if (!offer) throw new Error(`event ${eventSourceId} has no ticket ${ticketId}`);
  return offer.available;
}

/** Asserts an error answer of the basket API: its status, its body as the contract says, and its code. */
export function assertFails(
  res: { statusCode: number; body: string },
  path: string,
  method: string,
  status: number,
  code: string,
): void {
  assert.equal(res.statusCode, status, res.body);
  assert.equal((assertMatchesContract("basket", path, method, res) as { code: string }).code, code);
}

/** Solves a challenge from /api/captcha as the site's widget does, answering with the base64 JSON payload. */
export async function solveCaptcha(app: TestApp, visitor?: Visitor): Promise<string> {
  const res = visitor ? await visitor.request("GET", "/api/captcha") : await app.inject("/api/captcha");
  // not a challenge: say what came instead of searching a million numbers for none
  assert.equal(res.statusCode, 200, `GET /api/captcha: ${res.statusCode} ${res.body}`);
  return solveCaptchaChallenge(json<CaptchaChallenge>(res));
}

export const BUYER = {
  email: "layla@example.ae",
  name: "Layla Haddad",
  phone: "+971 50 123 4567",
  acquisition_id: 1,
  currency_code: "AED",
};

/** Creates an order from the visitor's basket with a freshly solved captcha. */
export async function createOrder(
  app: TestApp,
  visitor: Visitor,
  body: Record<string, unknown> = BUYER,
  query = "",
): Promise<LightMyRequestResponse> {
  return visitor.request("POST", `/api/orders${query}`, { ...body, captcha: await solveCaptcha(app, visitor) });
}

/** Places an order from the visitor's basket and asserts it was created as the contract says. */
export async function placeOrder(...args: Parameters<typeof createOrder>): Promise<WireOrder> {
  const res = await createOrder(...args);
  assert.equal(res.statusCode, 201, res.body);
  return assertMatchesContract("basket", "/api/orders", "post", res) as WireOrder;
}

/** The sandbox acquirer's page for a payment URL, as a browser would open it. */
export async function openAcquirer(
  app: TestApp,
  redirectUrl: string,
): Promise<{ path: string; html: string; status: number; headers: Record<string, unknown> }> {
  const path = new URL(redirectUrl).pathname;
  const res = await app.inject({ method: "GET", url: path });
  return { path, html: res.body, status: res.statusCode, headers: res.headers };
}

/** The value of a hidden or text input in the acquirer's HTML. */
export function inputValue(html: string, name: string): string {
  const m = new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html);
  if (!m) throw new Error(`no input ${name} in the page`);
  return m[1]!;
}

/** Posts the acquirer's form like a browser (urlencoded, from the acquirer's own origin). */
export async function submitAcquirer(
  app: TestApp,
  path: string,
  fields: Record<string, string>,
  origin = "http://api.test",
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The card form as a buyer fills it on the acquirer's page: a valid expiry, CVC and name unless `more` says otherwise. */
export const cardFields = (
  html: string,
  number: string,
  more: Record<string, string> = {},
): Record<string, string> => ({
  csrf: inputValue(html, "csrf"),
  card_number: number,
  expiry: "12/39",
  cvc: "123",
  cardholder: "Layla Haddad",
  ...more,
});

/** Starts paying an order and completes the sandbox card form; returns the final answer (a 303 back to the shop, or a page). */
export async function payByCard(
  app: TestApp,
  visitor: Visitor,
  orderId: string,
  card: string,
  returnUrl = `${SITE_ORIGIN}/order/?step=pay`,
) {
  const start = await visitor.request("POST", `/api/orders/${orderId}/payments`, { return_url: returnUrl });
  if (start.statusCode !== 201) return { start, page: undefined, result: undefined };
  const page = await openAcquirer(app, json<{ redirect_url: string }>(start).redirect_url);
  const result = await submitAcquirer(app, page.path, cardFields(page.html, card));
  return { start, page, result };
}
