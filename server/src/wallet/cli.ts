/**
 * `usage: npm run wallet -- <command>`: a sample order's passes to try on a phone, and the push of
 * changed passes (server/scripts/wallet.ts runs it).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildApp } from "../app";
import type { ServerConfig } from "../config";
import { openDatabase } from "../db/database";
import { type CaptchaChallenge, solveCaptchaChallenge } from "../orders/captcha";
import { orderService } from "../orders/order-service";
import { GOOGLE_SAVE_URL } from "./google-wallet";
import { makeTestAuthority, type TestAuthority } from "./test-authority";
import type { WalletService } from "./wallet-service";
import type { WalletSettings } from "./wallet-settings";

export const USAGE = `usage: npm run wallet -- <command>

  sample --out <folder> [--lang en|ru|ar] [--name "Buyer Name"]
      Makes a paid sample order (in memory; the server's database is not touched) and writes
      into <folder>: one .pkpass per ticket, the order's .pkpasses bundle, and the Google
      Wallet save link and its JWT. Signed with the configured certificates and keys
      (WALLET_APPLE_*, WALLET_GOOGLE_*); a wallet that is not configured is signed with a
      throw-away test authority made on the spot, which the output says (phones refuse those).

  push
      Looks at every pass added to a phone (the server's database, DATABASE_URL or DATABASE_PATH) and pushes
      those that changed (a moved session, a changed venue, a revoked ticket) through APNs, as
      the server does every WALLET_UPDATE_CHECK_S seconds when WALLET_APPLE_PUSH is set.

  --help
      This text.

Settings: docs/WALLET.md.`;

export class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) throw new UsageError(`${name} needs a value`);
  return value;
}

/** The settings to sign with: the configured ones, and a test authority for each wallet that has none. */
export function sampleSettings(configured: WalletSettings): {
  settings: WalletSettings;
  authority: TestAuthority | null;
  notes: string[];
} {
  const appleSet = Boolean(configured.appleCert && configured.appleKey && configured.appleWwdr);
  const googleSet = Boolean(configured.googleIssuerId && configured.googleServiceAccount);
  const authority = appleSet && googleSet ? null : makeTestAuthority();
  const settings = { ...configured, applePush: "off" as const, updateCheckMs: 0 };
  const notes: string[] = [];
  if (authority && !appleSet) {
    Object.assign(settings, {
      appleCert: authority.passCertPem,
      appleKey: authority.passKeyPem,
      appleKeyPassphrase: "",
      appleWwdr: authority.wwdrPem,
      applePassTypeId: authority.passTypeId,
      appleTeamId: authority.teamId,
    });
    notes.push(
      "Apple Wallet: WALLET_APPLE_CERT, WALLET_APPLE_KEY and WALLET_APPLE_WWDR are not all set, so the passes are signed by a " +
        "THROW-AWAY TEST AUTHORITY (its root: test-authority-root.pem); an iPhone refuses them. Set a pass-type certificate to try them on a phone.",
    );
  } else notes.push("Apple Wallet: signed with the configured pass-type certificate.");
  if (authority && !googleSet) {
    Object.assign(settings, {
      googleIssuerId: authority.googleIssuerId,
      googleServiceAccount: authority.googleServiceAccount,
    });
    notes.push(
      "Google Wallet: WALLET_GOOGLE_ISSUER_ID and WALLET_GOOGLE_SERVICE_ACCOUNT are not both set, so the JWT is signed by a " +
        "THROW-AWAY TEST KEY (test-google-public-key.pem verifies it); Google refuses it. Set an issuer and its service account to try it.",
    );
  } else notes.push("Google Wallet: signed with the configured service account.");
  return { settings, authority, notes };
}

/** One paid order in a fresh in-memory shop: a priced ticket of the sample catalogue, paid by card (the sandbox's approval). */
async function paidSampleOrder(config: ServerConfig, lang: string, name: string) {
  const db = await openDatabase(":memory:");
  const app = await buildApp({
    db,
    config: { ...config, logger: false, sweepIntervalMs: 0, captchaMaxNumber: 1000, captchaSecret: "sample" },
    notifier: { orderConfirmed: () => undefined },
  });
  let cookie = "";
  const call = async <T = Record<string, unknown>>(method: "GET" | "POST", url: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    const set = res.headers["set-cookie"];
    const first = Array.isArray(set) ? set[0] : set;
    if (first) cookie = first.split(";")[0] ?? "";
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as T;
  };
  // the first session still to come with a priced ticket left: what a buyer would pick
  const ticket = (
    await db.one<{ id: number }>(
      `SELECT t.id FROM tickets t JOIN event_sessions s ON s.id = t.session_id
       WHERE t.price_aed > 0 AND t.total - t.sold - t.held >= 2 AND s.started_at > ? ORDER BY s.started_at, t.id LIMIT 1`,
      [Date.now()],
    )
  )?.id;
  if (ticket === undefined) throw new Error("the sample catalogue has no priced ticket on sale");
  await call("POST", "/api/basket", { type: "ADD_TICKET", ticket: { id: ticket, count: 2 } });
  const captcha = await solveCaptchaChallenge(await call<CaptchaChallenge>("GET", "/api/captcha"));
  const order = (await call("POST", "/api/orders", {
    email: "sample.buyer@example.ae",
    name,
    acquisition_id: 1,
    currency_code: "AED",
    lang,
    captcha,
  })) as { id: string; number: string };
  if (!(await orderService(app.deps).approve(order.id))) throw new Error("the sample order could not be paid");
  return { app, order };
}

export interface SampleResult {
  files: string[];
  notes: string[];
}

/** Writes a paid sample order's passes and Google save link into `out`. */
export async function writeSample(
  config: ServerConfig,
  out: string,
  opts: { lang: string; name: string },
): Promise<SampleResult> {
  const { settings, authority, notes } = sampleSettings(config.wallet);
  const { app, order } = await paidSampleOrder({ ...config, wallet: settings }, opts.lang, opts.name);
  try {
    const wallet: WalletService = app.deps.wallet;
    if (wallet.notes.length > 0) throw new Error(wallet.notes.join("\n"));
    mkdirSync(out, { recursive: true });
    const files: string[] = [];
    const write = (name: string, content: string | Buffer) => {
      writeFileSync(path.join(out, name), content);
      files.push(name);
    };
    const links = await wallet.links(order.id);
    for (const { code } of links.apple?.tickets ?? [])
      write(`ticket-${code}.pkpass`, await wallet.applePassFile(code, wallet.token("apple-pass", code)));
    write(
      `order-${order.number}.pkpasses`,
      await wallet.appleOrderFile(order.id, wallet.token("apple-order", order.id)),
    );
    const save = await wallet.googleOrderUrl(order.id, wallet.token("google-order", order.id));
    write("google-save-link.txt", `${save}\n`);
    const jwt = save.slice(GOOGLE_SAVE_URL.length);
    write("google-jwt.txt", `${jwt}\n`);
    write(
      "google-jwt-claims.json",
      `${JSON.stringify(JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")), null, 2)}\n`,
    );
    if (authority) {
      write("test-authority-root.pem", authority.rootPem);
      write("test-google-public-key.pem", authority.googlePublicKeyPem);
    }
    return {
      files,
      notes: [`order ${order.number} (${opts.lang}), paid, ${links.apple?.tickets.length ?? 0} tickets`, ...notes],
    };
  } finally {
    await app.close();
  }
}

/** Runs one command; answers what to print. */
export async function runWalletCommand(args: string[], config: ServerConfig): Promise<string> {
  const [command] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") return USAGE;
  if (command === "sample") {
    const out = option(args, "--out");
    if (!out) throw new UsageError("sample needs --out <folder>");
    const lang = option(args, "--lang") ?? "en";
    if (!["en", "ru", "ar"].includes(lang)) throw new UsageError("--lang is en, ru or ar");
    const name = option(args, "--name") ?? "Layla Haddad";
    const { files, notes } = await writeSample(config, path.resolve(out), { lang, name });
    return [...notes, `written to ${path.resolve(out)}:`, ...files.map((f) => `  ${f}`)].join("\n");
  }
  if (command === "push") {
    const db = await openDatabase(config.databaseUrl ?? config.databasePath);
    try {
      const { walletService } = await import("./wallet-service");
      const wallet = await walletService(db, { config, now: Date.now });
      if (!wallet.offers.apple) return wallet.notes.join("\n");
      const pushes = await wallet.pushChanges();
      wallet.close();
      const sent = pushes.filter((p) => p.sent).length;
      return wallet.pushing
        ? `${pushes.length} changed pass(es) on phones; ${sent} push(es) sent`
        : `${pushes.length} changed pass(es) on phones; WALLET_APPLE_PUSH is off, so none was pushed (the phones get them when Wallet next asks)`;
    } finally {
      await db.close();
    }
  }
  throw new UsageError(`unknown command: ${command}`);
}
