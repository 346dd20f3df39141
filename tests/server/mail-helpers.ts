/**
 * Shared support for the mail tests: a log that keeps its lines, a mail configuration on a
 * temporary outbox, the outbox read back as parsed e-mails, and a local SMTP server that can
 * be told to refuse (some recipients, or all for a while).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before } from "node:test";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { loadMailConfig, type MailConfig } from "../../server/src/mail/mail-config";
import type { MailLog } from "../../server/src/mail/notifier";

/** A mail log whose lines the test reads, each prefixed with its level. */
export function logSink(): MailLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

/** The mail settings with an outbox of its own (removed after the file's tests) and short retry delays. */
export function tempMailConfig(siteUrl: string, over: Partial<MailConfig> = {}): MailConfig {
  const dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return {
    ...loadMailConfig({ databasePath: path.join(dir, "db.sqlite"), siteUrl }, {}),
    baseDelayMs: 20,
    maxDelayMs: 80,
    ...over,
  };
}

/** The e-mails written to the outbox, oldest name first; the QR images keep their cid: links. */
export async function outbox(config: MailConfig): Promise<ParsedMail[]> {
  if (!existsSync(config.outboxDir)) return [];
  const files = readdirSync(config.outboxDir)
    .filter((f) => f.endsWith(".eml"))
    .sort();
  return Promise.all(
    files.map((f) => simpleParser(readFileSync(path.join(config.outboxDir, f)), { keepCidLinks: true })),
  );
}

/** A local SMTP server that keeps every message it takes and refuses when told to. */
export interface SmtpStandIn {
  url: string;
  /** the next this many recipients are refused */
  refusals: number;
  /** while true, every recipient is refused (a mail server that is down for a while) */
  refusing: boolean;
  /** each message taken, as it came */
  received: string[];
  /** A fresh start for a test: nothing received yet, and the next `refusals` recipients refused. */
  refuseNext(refusals: number): void;
}

/**
 * The stand-in and how to start and stop it. A refusal is a temporary error (451), so a
 * sender tries again.
 */
function standIn(port: number): { state: SmtpStandIn; listen(): Promise<void>; close(): Promise<void> } {
  const state: SmtpStandIn = {
    url: `smtp://127.0.0.1:${port}`,
    refusals: 0,
    refusing: false,
    received: [],
    refuseNext(refusals: number) {
      state.refusals = refusals;
      state.received.length = 0;
    },
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refusing || state.refusals > 0) {
        if (!state.refusing) state.refusals--;
        return callback(Object.assign(new Error("mailbox temporarily unavailable"), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        state.received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  // A client that dies in the middle of a message (a shop killed with -9) resets its connection;
  // smtp-server reports that as an 'error' event, which would throw without a listener. A mail
  // server outlives its clients: the message is simply not taken.
  server.on("error", () => undefined);
  return {
    state,
    listen: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    // a client still connected (a failed test's server) must not keep the close, and the run, waiting
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        setTimeout(resolve, 2000).unref();
      }),
  };
}

/** A local SMTP server for the file's tests: listening before the first, closed after the last. */
export function smtpStandIn(port: number): SmtpStandIn {
  const { state, listen, close } = standIn(port);
  before(listen);
  after(close);
  return state;
}

/** A local SMTP server started now, from inside a test (a port found at run time); closed after the file's tests. */
export async function startSmtpStandIn(port: number): Promise<SmtpStandIn> {
  const { state, listen, close } = standIn(port);
  await listen();
  after(close);
  return state;
}
