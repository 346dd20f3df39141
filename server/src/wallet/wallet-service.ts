/**
 * The wallets' rules: which are offered (those whose certificates or keys are configured), the
 * links an order's buyer gets, the passes and save links behind them, and the PassKit web
 * service that keeps passes on phones up to date.
 *
 * Every link carries a token (an HMAC of what it names with the wallet secret), so a link from
 * the e-mail works on a phone without the buyer's session, and nothing can be fetched by
 * guessing a ticket code. A pass's PassKit authentication token is made the same way.
 */
import { createHash, createHmac, timingSafeEqual, X509Certificate } from "node:crypto";
import type { components } from "../../../src/core/generated/basket";
import { absoluteUrl, href } from "../../../src/core/routes";
import type { ServerConfig } from "../config";
import type { Db } from "../db/database";
import { HttpError, notFound } from "../lib/errors";
import { APNS_HOSTS, apnsSender, type PushSender } from "./apns";
import { type AppleSigner, buildApplePass, pkpassesFile, pkpassFile } from "./apple-pass";
import { GOOGLE_SAVE_URL, type GoogleIssuer, googleIssuer, saveJwt } from "./google-wallet";
import { type PassFacts, walletRepository } from "./wallet-repository";
import { contentsOf, isJson, isPem, type WalletSettings } from "./wallet-settings";

export type WalletLinks = components["schemas"]["WalletLinks"];

/** Where the wallet routes live; the PassKit web service is under WEB_SERVICE_PATH/v1. */
export const WALLET_PATH = "/api/wallet";
export const WEB_SERVICE_PATH = `${WALLET_PATH}/passkit`;

type TokenKind = "apple-pass" | "apple-order" | "google-pass" | "google-order" | "passkit";

/** A code as issued (server/src/checkin): what a serial number may look like. */
export const SERIAL_RE = /^[A-Z0-9][A-Z0-9-]{2,40}$/;

function subjectField(subject: string, name: string): string | undefined {
  return subject
    .split("\n")
    .find((line) => line.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** The Apple signer the settings describe; its pass type and team come from the certificate when not set. */
export function appleSignerOf(s: WalletSettings): AppleSigner {
  const signerCert = contentsOf(s.appleCert, isPem);
  const subject = new X509Certificate(signerCert).subject;
  const passTypeId = s.applePassTypeId || subjectField(subject, "UID");
  const teamId = s.appleTeamId || subjectField(subject, "OU");
  if (!passTypeId) throw new Error("the certificate names no pass type (UID); set WALLET_APPLE_PASS_TYPE_ID");
  if (!teamId) throw new Error("the certificate names no team (OU); set WALLET_APPLE_TEAM_ID");
  return {
    signerCert,
    signerKey: contentsOf(s.appleKey, isPem),
    wwdr: contentsOf(s.appleWwdr, isPem),
    ...(s.appleKeyPassphrase ? { signerKeyPassphrase: s.appleKeyPassphrase } : {}),
    passTypeId,
    teamId,
  };
}

/** What the settings make of each wallet: its signer, or why it is off. */
export function resolveWallets(s: WalletSettings): {
  apple: AppleSigner | null;
  google: GoogleIssuer | null;
  notes: string[];
} {
  const notes: string[] = [];
  let apple: AppleSigner | null = null;
  let google: GoogleIssuer | null = null;
  if (!s.appleCert || !s.appleKey || !s.appleWwdr) {
    notes.push(
      "Apple Wallet passes are not offered: WALLET_APPLE_CERT, WALLET_APPLE_KEY and WALLET_APPLE_WWDR are not all set (docs/WALLET.md)",
    );
  } else {
    try {
      apple = appleSignerOf(s);
    } catch (err) {
      notes.push(`Apple Wallet passes are not offered: ${(err as Error).message}`);
    }
  }
  if (!s.googleIssuerId || !s.googleServiceAccount) {
    notes.push(
      "Google Wallet links are not offered: WALLET_GOOGLE_ISSUER_ID and WALLET_GOOGLE_SERVICE_ACCOUNT are not both set (docs/WALLET.md)",
    );
  } else {
    try {
      google = googleIssuer(s.googleIssuerId, contentsOf(s.googleServiceAccount, isJson));
    } catch (err) {
      notes.push(`Google Wallet links are not offered: ${(err as Error).message}`);
    }
  }
  return { apple, google, notes };
}

/** What a pass is built from, as a hash: when it changes, phones holding the pass get the new one. */
export function fingerprintOf(f: PassFacts): string {
  return createHash("sha256").update(JSON.stringify(f)).digest("base64url");
}

export interface WalletServiceOptions {
  config: Pick<ServerConfig, "publicUrl" | "siteUrl" | "siteOrigins" | "wallet">;
  now: () => number;
  /** the APNs client; by default the one WALLET_APPLE_PUSH names, or none when it is off */
  push?: PushSender;
  log?: (message: string) => void;
}

/** Built once the wallet secret is read (or made and kept) in the database. */
export async function walletService(db: Db, opts: WalletServiceOptions) {
  const repo = walletRepository(db);
  const { apple, google, notes } = resolveWallets(opts.config.wallet);
  const secret = opts.config.wallet.secret || (await repo.secret());
  const base = `${opts.config.publicUrl}${WALLET_PATH}`;
  const pushMode = opts.config.wallet.applePush;
  const push =
    opts.push ??
    (apple && pushMode !== "off"
      ? apnsSender(APNS_HOSTS[pushMode], {
          cert: apple.signerCert,
          key: apple.signerKey,
          ...(apple.signerKeyPassphrase ? { passphrase: apple.signerKeyPassphrase } : {}),
        })
      : undefined);

  const token = (kind: TokenKind, id: string): string =>
    createHmac("sha256", secret).update(`${kind}:${id}`).digest("base64url").slice(0, 32);
  const tokenMatches = (kind: TokenKind, id: string, given: string | undefined): boolean => {
    const want = Buffer.from(token(kind, id));
    const got = Buffer.from(given ?? "");
    return got.length === want.length && timingSafeEqual(got, want);
  };
  const refuse = (): HttpError => new HttpError(401, "this link or pass token is not valid", "invalid_token");

  const ticketsUrl = (f: PassFacts) => absoluteUrl(opts.config.siteUrl, href.orderTickets(f.orderId), f.lang);
  const factsOf = async (serial: string): Promise<PassFacts> => {
    const f = SERIAL_RE.test(serial) ? await repo.facts(serial) : undefined;
    if (!f) throw notFound("no such ticket", "not_found");
    return f;
  };
  /** The tickets of an order that a wallet can hold: those of a paid order not revoked. */
  const liveFactsOfOrder = async (orderId: string): Promise<PassFacts[]> => {
    const order = await repo.order(orderId);
    if (!order) throw notFound("no such order", "not_found");
    if (order.status !== "paid") return [];
    const out: PassFacts[] = [];
    for (const code of order.codes) {
      const f = await repo.facts(code);
      if (f && !f.voided) out.push(f);
    }
    return out;
  };

  async function applePass(f: PassFacts) {
    if (!apple) throw notFound("Apple Wallet passes are not offered", "wallet_not_offered");
    // recorded, so that a later change to the facts is a change to tell the phone about
    await repo.touch(f.serial, fingerprintOf(f), opts.now());
    return buildApplePass(f, apple, {
      webServiceUrl: `${opts.config.publicUrl}${WEB_SERVICE_PATH}`,
      authenticationToken: token("passkit", f.serial),
      ticketsUrl: ticketsUrl(f),
    });
  }

  function googleUrl(facts: PassFacts[]): string {
    if (!google) throw notFound("Google Wallet links are not offered", "wallet_not_offered");
    const jwt = saveJwt(google, facts, {
      origins: opts.config.siteOrigins,
      logoUrl: `${base}/logo.png`,
      ticketsUrl: ticketsUrl(facts[0] as PassFacts),
      now: opts.now(),
    });
    return `${GOOGLE_SAVE_URL}${jwt}`;
  }

  /** Answers whether the PassKit request's "ApplePass <token>" belongs to this pass type and serial. */
  function authorised(passTypeId: string, serial: string, authorization: string | undefined): boolean {
    const m = /^ApplePass (\S+)$/.exec(authorization ?? "");
    return !!apple && passTypeId === apple.passTypeId && tokenMatches("passkit", serial, m?.[1]);
  }

  return {
    /** why a wallet is off, for the one line the server logs at start */
    notes,
    offers: { apple: apple !== null, google: google !== null },
    passTypeId: apple?.passTypeId ?? null,
    /** whether changed passes are pushed to phones (else they learn of changes when Wallet next asks) */
    pushing: push !== undefined,
    token,
    close(): void {
      push?.close();
    },

    /** The links of an order's tickets (none before it is paid); null for a wallet that is not offered. */
    async links(orderId: string): Promise<WalletLinks> {
      const facts = await liveFactsOfOrder(orderId);
      const enc = encodeURIComponent;
      const perTicket = (kind: "apple" | "google") =>
        facts.map((f) => ({
          code: f.serial,
          url: `${base}/${kind}/passes/${enc(f.serial)}?token=${token(`${kind}-pass`, f.serial)}`,
        }));
      const orderUrl = (kind: "apple" | "google") =>
        facts.length === 0 ? null : `${base}/${kind}/orders/${enc(orderId)}?token=${token(`${kind}-order`, orderId)}`;
      return {
        apple: apple ? { order_url: orderUrl("apple"), tickets: perTicket("apple") } : null,
        google: google ? { order_url: orderUrl("google"), tickets: perTicket("google") } : null,
      };
    },

    /** The .pkpass of one ticket, for a link's token. */
    async applePassFile(serial: string, given: string | undefined): Promise<Buffer> {
      if (!tokenMatches("apple-pass", serial, given)) throw refuse();
      return pkpassFile(await applePass(await factsOf(serial)));
    },

    /** The .pkpasses of an order's tickets, for a link's token. */
    async appleOrderFile(orderId: string, given: string | undefined): Promise<Buffer> {
      if (!tokenMatches("apple-order", orderId, given)) throw refuse();
      const facts = await liveFactsOfOrder(orderId);
      if (facts.length === 0) throw notFound("this order has no tickets to add", "no_tickets");
      const passes = [];
      for (const f of facts) passes.push(await applePass(f));
      return pkpassesFile(passes);
    },

    /** Google's save link for one ticket, for a link's token. */
    async googleTicketUrl(serial: string, given: string | undefined): Promise<string> {
      if (!tokenMatches("google-pass", serial, given)) throw refuse();
      return googleUrl([await factsOf(serial)]);
    },

    /** Google's save link for an order's tickets, for a link's token. */
    async googleOrderUrl(orderId: string, given: string | undefined): Promise<string> {
      if (!tokenMatches("google-order", orderId, given)) throw refuse();
      const facts = await liveFactsOfOrder(orderId);
      if (facts.length === 0) throw notFound("this order has no tickets to add", "no_tickets");
      return googleUrl(facts);
    },

    // --- the PassKit web service (Apple's "Wallet web service" protocol) ---

    /** 201 registered now, 200 already; 401 when the token is not this pass's. */
    async register(
      deviceId: string,
      passTypeId: string,
      serial: string,
      auth: string | undefined,
      pushToken: string,
    ): Promise<200 | 201> {
      if (!authorised(passTypeId, serial, auth)) throw refuse();
      const f = await factsOf(serial);
      await repo.touch(serial, fingerprintOf(f), opts.now());
      return (await repo.register(deviceId, passTypeId, serial, pushToken, opts.now())) ? 201 : 200;
    },

    async unregister(deviceId: string, passTypeId: string, serial: string, auth: string | undefined): Promise<void> {
      if (!authorised(passTypeId, serial, auth)) throw refuse();
      await repo.unregister(deviceId, passTypeId, serial);
    },

    /**
     * The serials of a device's passes that changed after `since` (the tag it was last given),
     * and the new tag; null when none did. Each pass is looked at afresh, so a session moved in
     * the catalogue counts as a change even when no push announced it.
     */
    async changedSerials(deviceId: string, passTypeId: string, since: string | undefined) {
      const after = since && /^[0-9]{1,15}$/.test(since) ? Number(since) : 0;
      const now = opts.now();
      let latest = after;
      const changed: string[] = [];
      for (const { serial } of await repo.serialsOf(deviceId, passTypeId)) {
        const f = await repo.facts(serial);
        if (!f) continue;
        const { updatedAt } = await repo.touch(serial, fingerprintOf(f), now);
        if (updatedAt > after) changed.push(serial);
        latest = Math.max(latest, updatedAt);
      }
      return changed.length === 0 ? null : { serialNumbers: changed, lastUpdated: String(latest) };
    },

    /** The pass as it is now, with when it last changed; for the PassKit token. */
    async latestPass(
      passTypeId: string,
      serial: string,
      auth: string | undefined,
    ): Promise<{ file: Buffer; updatedAt: number }> {
      if (!authorised(passTypeId, serial, auth)) throw refuse();
      const f = await factsOf(serial);
      const { updatedAt } = await repo.touch(serial, fingerprintOf(f), opts.now());
      return { file: pkpassFile(await applePass(f)), updatedAt };
    },

    /**
     * Looks at every pass a phone holds; each that changed (a session moved, a venue changed, a
     * ticket revoked) is pushed to its phones, which then fetch it. Answers the pushes made
     * (those that would be made when pushing is off).
     */
    async pushChanges(): Promise<Array<{ serial: string; pushToken: string; topic: string; sent: boolean }>> {
      const now = opts.now();
      const out: Array<{ serial: string; pushToken: string; topic: string; sent: boolean }> = [];
      for (const serial of await repo.registeredSerials()) {
        const f = await repo.facts(serial);
        if (!f || !(await repo.touch(serial, fingerprintOf(f), now)).changed) continue;
        for (const { pushToken, passTypeId } of await repo.devicesOf(serial)) {
          let sent = false;
          if (push) {
            try {
              if ((await push.send(pushToken, passTypeId)) === "gone") await repo.forgetPushToken(pushToken);
              sent = true;
            } catch (err) {
              // the phone still gets the change when it next asks (Wallet asks on its own from time to time)
              opts.log?.(`wallet push for ${serial} failed: ${(err as Error).message}`);
            }
          }
          out.push({ serial, pushToken, topic: passTypeId, sent });
        }
      }
      return out;
    },
  };
}
export type WalletService = Awaited<ReturnType<typeof walletService>>;
