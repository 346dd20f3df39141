import os from "node:os";
import path from "node:path";
import { SELLER } from "../../../src/core/seller";
import type { ServerConfig } from "../config";

/** The mailer's settings, read from the environment beside the server's own. */
export interface MailConfig {
  /** smtp(s)://user:pass@host:port; null writes .eml files into outboxDir instead */
  smtpUrl: string | null;
  outboxDir: string;
  /** the one sender of every e-mail: the support address the site shows, by default */
  from: string;
  /** where answers go: the same support address, by default */
  replyTo: string;
  /** the public site, for the link that opens the order */
  siteUrl: string;
  /** attempts per message (the first included) before it is given up and logged */
  attempts: number;
  /** the first retry waits this long; each next one twice as long, up to maxDelayMs */
  baseDelayMs: number;
  maxDelayMs: number;
  /** where bank-transfer orders are paid to (the stand-in's sample account by default) */
  bank: { beneficiary: string; bank: string; iban: string; swift: string };
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a whole number: ${value}`);
  return n;
}

/**
 * OUTBOX_DIR defaults to a folder `outbox` beside the database file, so a newcomer finds the
 * e-mails next to the data they came from; an in-memory database has no folder, so its
 * outbox is a temporary one.
 */
export function defaultOutboxDir(databasePath: string): string {
  if (databasePath === ":memory:") return path.join(os.tmpdir(), "uae-tickets-outbox");
  return path.join(path.dirname(databasePath), "outbox");
}

export function loadMailConfig(
  server: Pick<ServerConfig, "databasePath" | "siteUrl">,
  env: NodeJS.ProcessEnv = process.env,
): MailConfig {
  return {
    smtpUrl: env.SMTP_URL?.trim() ? env.SMTP_URL.trim() : null,
    outboxDir: env.OUTBOX_DIR?.trim() ? path.resolve(env.OUTBOX_DIR.trim()) : defaultOutboxDir(server.databasePath),
    from: env.MAIL_FROM?.trim() || `${SELLER.shopName.en} <${SELLER.supportEmail}>`,
    replyTo: env.MAIL_REPLY_TO?.trim() || SELLER.supportEmail,
    siteUrl: (env.SITE_URL?.trim() || server.siteUrl).replace(/\/+$/, ""),
    attempts: Math.max(1, int(env.MAIL_ATTEMPTS, 6)),
    baseDelayMs: int(env.MAIL_RETRY_MS, 2000),
    maxDelayMs: int(env.MAIL_RETRY_MAX_MS, 5 * 60_000),
    bank: {
      beneficiary: env.BANK_BENEFICIARY?.trim() || SELLER.legalName.en,
      bank: env.BANK_NAME?.trim() || "Emirates NBD, Dubai",
      iban: env.BANK_IBAN?.trim() || "AE07 0331 2345 6789 0123 456",
      swift: env.BANK_SWIFT?.trim() || "EBILAEAD",
    },
  };
}
