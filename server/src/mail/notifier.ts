import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { CatalogueData } from "../catalogue/catalogue-repository";
import type { ServerConfig } from "../config";
import { type Database, openDatabase } from "../db/database";
import { composeConfirmation, type MailKind, mailKind, type WalletLinks, type WireOrder } from "./compose";
import { loadMailConfig, type MailConfig } from "./mail-config";
import { entryNumber, type OutboxEntry, type OutboxRepository, outboxRepository } from "./outbox-repository";
import { type MailTransport, transportFor } from "./transport";

/**
 * The server's OrderNotifier, by e-mail, delivering from the database's mail outbox.
 *
 * The order service writes each e-mail to send into the outbox in the same transaction as the
 * change that causes it (an order paid, a bank-transfer or cash order made), so an e-mail
 * exists exactly when its order change does, whatever happens to the process afterwards.
 * This mailer delivers what is pending there: at start (what a stopped or crashed server left),
 * when the server says an order was confirmed, and on a timer. A failed send is retried with a
 * doubling pause (MAIL_RETRY_MS, at most MAIL_RETRY_MAX_MS) up to MAIL_ATTEMPTS times, then kept
 * as failed, logged, and listed by `npm run mail:outbox`. An e-mail is marked sent as soon as the
 * mail server took it; one order event has one outbox entry, so it is never queued twice.
 */
export interface MailNotifier {
  /** The order's e-mail is queued (if it was not already) and delivered soon; returns at once, never throws. */
  orderConfirmed(order: WireOrder): void;
  /** resolves when no e-mail is pending any more: every one delivered or given up (tests, shutdown) */
  idle(): Promise<void>;
  /** stops delivering and closes the transport; what is pending stays in the outbox for the next start */
  close(): Promise<void>;
}

export interface MailLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface MailNotifierDeps {
  catalogue: { data: CatalogueData };
  /**
   * The outbox to deliver from: the server's database's. Without one the mailer keeps a private
   * in-memory outbox (tests of what an e-mail says), which does not survive the process.
   */
  outbox?: OutboxRepository;
  log?: MailLog;
  /** the wallet links of an order's tickets (server/src/wallet); without it the e-mail has no wallet buttons */
  wallet?: { links(orderId: string): Promise<WalletLinks> | WalletLinks };
  transport?: MailTransport;
  now?: () => number;
}

/** The pause before attempt `attempt` (2, 3, ...): base, 2 x base, 4 x base, ... capped. */
export function retryDelay(attempt: number, config: Pick<MailConfig, "baseDelayMs" | "maxDelayMs">): number {
  return Math.min(config.maxDelayMs, config.baseDelayMs * 2 ** Math.max(0, attempt - 2));
}

const consoleLog: MailLog = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m) => console.error(m),
};

/** How often the outbox is looked at even when nobody said anything (a retry asked from the admin command). */
const POLL_MS = 5000;
/**
 * How long an instance holds the e-mails it claimed before another may take them: long enough for
 * one send (the claim is renewed before each), short enough that a killed instance's e-mails go
 * out soon from another. Claimed a few at a time, so a slow mail server holds back few.
 */
const LEASE_MS = 10_000;
const CLAIM_BATCH = 5;
/** Sent e-mails are kept this long (what the admin command can show), then forgotten. */
const KEEP_SENT_MS = 30 * 24 * 3600_000;

/** A stable Message-ID per order event: should a crash repeat a delivery, mail programs see one e-mail. */
function messageIdOf(entry: OutboxEntry, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "uae-tickets.example";
  return `<${entry.orderId}.${entry.event}@${domain}>`;
}

export function createMailNotifier(config: MailConfig, deps: MailNotifierDeps): MailNotifier {
  const transport = deps.transport ?? transportFor(config);
  const log = deps.log ?? consoleLog;
  const now = deps.now ?? Date.now;
  /** this mailer among the instances draining one outbox */
  const instance = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const privateDb = deps.outbox ? undefined : openDatabase(":memory:");
  const outboxReady: Promise<OutboxRepository> = deps.outbox
    ? Promise.resolve(deps.outbox)
    : (privateDb as Promise<Database>).then(outboxRepository);
  // the private database opens (and migrates) before anything is read from it
  const outbox = new Proxy({} as OutboxRepository, {
    get:
      (_target, name: keyof OutboxRepository) =>
      async (...args: unknown[]) =>
        ((await outboxReady)[name] as (...a: unknown[]) => unknown)(...args),
  });
  /** e-mails handed over by orderConfirmed that are still being queued */
  const queueing = new Set<Promise<void>>();
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let running: Promise<void> | undefined;
  let again = false;

  const describe = (e: OutboxEntry) => `order ${entryNumber(e)} (${e.event})`;

  /** The wallet links of a tickets e-mail, made when it is sent (the tokens stay valid, the passes follow the catalogue). */
  async function walletLinksOf(order: WireOrder, kind: MailKind): Promise<WalletLinks | null> {
    if (kind !== "tickets" || !deps.wallet) return null;
    try {
      return await deps.wallet.links(order.id);
    } catch (error) {
      // an e-mail without wallet buttons is still the tickets: it goes out
      log.warn(
        `mail: order ${order.number}: no wallet links (${error instanceof Error ? error.message : String(error)})`,
      );
      return null;
    }
  }

  async function deliver(entry: OutboxEntry): Promise<void> {
    // the claim covers one send at a time: renewed just before it, or left to the instance that took it over
    if (!(await outbox.renew(instance, entry.orderId, entry.event, now() + LEASE_MS))) return;
    const attempt = entry.attempts + 1;
    let order: WireOrder;
    try {
      order = JSON.parse(entry.orderJson) as WireOrder;
    } catch {
      await outbox.markFailed(entry.orderId, entry.event, "the stored order cannot be read");
      log.error(`mail: ${describe(entry)}: the stored order cannot be read; not sent`);
      return;
    }
    const kind = mailKind(order, deps.catalogue.data);
    if (!kind || !order.email) {
      const why = kind ? "the order has no e-mail address" : "this order event has no e-mail";
      await outbox.markFailed(entry.orderId, entry.event, why);
      log.warn(`mail: ${describe(entry)}: ${why}; nothing sent`);
      return;
    }
    const stem = `${order.created_at.slice(0, 19).replace(/[^0-9T]/g, "")}-${order.number}-${kind}`;
    let sent: { where: string; lang: string };
    try {
      const mail = await composeConfirmation(
        order,
        kind,
        deps.catalogue.data,
        config,
        await walletLinksOf(order, kind),
      );
      const { where } = await transport.send(mail, stem, messageIdOf(entry, config.from));
      sent = { where, lang: mail.lang };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (attempt >= config.attempts) {
        await outbox.markFailed(entry.orderId, entry.event, reason);
        log.error(
          `mail: order ${order.number} (${kind}) not sent after ${attempt} attempt(s): ${reason}; ` +
            "kept as failed in the outbox (npm run mail:outbox -- list | retry)",
        );
        return;
      }
      const wait = retryDelay(attempt + 1, config);
      await outbox.retryAt(entry.orderId, entry.event, now() + wait, reason);
      log.warn(`mail: order ${order.number} (${kind}) attempt ${attempt} failed (${reason}); retrying in ${wait} ms`);
      return;
    }
    // at once after the mail server took it: only a crash in between could send it again (same Message-ID)
    await outbox.markSent(entry.orderId, entry.event, now());
    log.info(`mail: order ${order.number} (${kind}, ${sent.lang}) -> ${sent.where}`);
  }

  /** Delivers everything due, one e-mail at a time, then sleeps until the next is due. */
  async function pass(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (closed) return;
        const due = await outbox.claim(instance, now(), LEASE_MS, CLAIM_BATCH);
        if (due.length === 0) break;
        for (const entry of due) {
          if (closed) return;
          await deliver(entry);
        }
      }
    } while (again && !closed);
    const next = await outbox.nextDue();
    schedule(next === null ? POLL_MS : Math.min(POLL_MS, Math.max(0, next - now())));
  }

  function kick(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => {
        log.error(`mail: the outbox cannot be read: ${error instanceof Error ? error.message : String(error)}`);
        schedule(POLL_MS);
      })
      .finally(() => {
        running = undefined;
      });
  }

  function schedule(ms: number): void {
    if (closed) return;
    const at = now() + ms;
    if (timer && timerAt <= at) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = Number.POSITIVE_INFINITY;
      outbox
        .purgeSent(now() - KEEP_SENT_MS)
        .catch(() => {
          /* the next round */
        })
        .finally(kick);
    }, ms);
    timer.unref();
  }

  // what the last run left: said in the log, and delivered now
  const reported = outbox
    .counts()
    .then((counts) => {
      if (counts.pending > 0 || counts.failed > 0) {
        log.warn(
          `mail: the outbox holds ${counts.pending} e-mail(s) to send and ${counts.failed} given up ` +
            "(npm run mail:outbox -- list; -- retry sends the given-up ones again)",
        );
      }
    })
    .catch((error: unknown) => {
      log.error(`mail: the outbox cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    });
  setImmediate(kick);

  return {
    orderConfirmed(order) {
      if (closed) return;
      const queued = (async () => {
        try {
          // the server has queued it in the order's own transaction already; a direct caller has not
          const kind = mailKind(order, deps.catalogue.data);
          if (kind) await outbox.add(order.id, order.status, JSON.stringify(order), now());
        } catch (error) {
          log.error(`mail: order ${order.number}: ${error instanceof Error ? error.message : String(error)}`);
        }
      })();
      queueing.add(queued);
      // after the answer: nothing the mailer does can delay or fail the request
      void queued.finally(() => {
        queueing.delete(queued);
        setImmediate(kick);
      });
    },
    async idle() {
      await reported;
      // the server hands orders over from a setImmediate of its own: let those run first
      await new Promise<void>((resolve) => setImmediate(resolve));
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (!closed) {
        if (queueing.size > 0) {
          await Promise.all(queueing);
          await new Promise<void>((resolve) => setImmediate(resolve));
          continue;
        }
        if (running) {
          await running;
          continue;
        }
        const next = await outbox.nextDue();
        if (next === null) return;
        await new Promise<void>((resolve) => setTimeout(resolve, Math.max(1, Math.min(50, next - now()))));
        kick();
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (running) await running;
      await outbox.release(instance).catch((error: unknown) => {
        log.error(`mail: claims not given back: ${error instanceof Error ? error.message : String(error)}`);
      });
      transport.close();
      if (privateDb) await (await privateDb).close();
    },
  };
}

/**
 * The notifier the app wires in: mail settings from the environment (SMTP_URL, OUTBOX_DIR,
 * MAIL_FROM, MAIL_ATTEMPTS, MAIL_RETRY_MS, MAIL_RETRY_MAX_MS, BANK_*) beside the server's own.
 */
export function mailNotifierFor(
  server: Pick<ServerConfig, "databasePath" | "siteUrl">,
  deps: MailNotifierDeps & { outbox: OutboxRepository },
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<MailConfig> = {},
): MailNotifier {
  return createMailNotifier({ ...loadMailConfig(server, env), ...overrides }, deps);
}
