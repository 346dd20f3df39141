import type { ServerConfig } from "../config";
import type { CatalogueData } from "../db/repositories/catalogue-repository";
import { composeConfirmation, mailKind, type WireOrder } from "./compose";
import { loadMailConfig, type MailConfig } from "./mail-config";
import { transportFor, type MailTransport } from "./transport";

/**
 * The server's OrderNotifier, by e-mail: called when an order becomes paid (or is created
 * paid, when free) and when a bank-transfer or cash order is created.
 *
 * orderConfirmed returns at once and never throws: the e-mail is composed and sent after
 * the request has answered, so a slow or failing mail server can neither block a payment
 * nor undo it. A failed send is retried with a doubling pause (MAIL_RETRY_MS, at most
 * MAIL_RETRY_MAX_MS) up to MAIL_ATTEMPTS times, then logged and given up.
 */
export interface MailNotifier {
  orderConfirmed(order: WireOrder): void;
  /** resolves when every e-mail handed over so far is delivered or given up (tests, shutdown) */
  idle(): Promise<void>;
  /** stops retrying and closes the transport */
  close(): Promise<void>;
}

export interface MailLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface MailNotifierDeps {
  catalogue: { data: CatalogueData };
  log?: MailLog;
  transport?: MailTransport;
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

export function createMailNotifier(config: MailConfig, deps: MailNotifierDeps): MailNotifier {
  const transport = deps.transport ?? transportFor(config);
  const log = deps.log ?? consoleLog;
  const pending = new Set<Promise<void>>();
  const timers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  // the server may report one order twice (a retried request); one e-mail per order and kind
  const handled = new Set<string>();
  let closed = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          timers.delete(entry);
          resolve();
        }, ms),
        wake: resolve,
      };
      timers.add(entry);
    });

  async function deliver(order: WireOrder): Promise<void> {
    const kind = mailKind(order, deps.catalogue.data);
    if (!kind) return;
    const key = `${order.id}:${kind}`;
    if (handled.has(key)) return;
    handled.add(key);
    if (!order.email) {
      log.warn(`mail: order ${order.number} has no e-mail address; nothing sent`);
      return;
    }
    const mail = await composeConfirmation(order, kind, deps.catalogue.data, config);
    const stem = `${order.created_at.slice(0, 19).replace(/[^0-9T]/g, "")}-${order.number}-${kind}`;
    for (let attempt = 1; ; attempt++) {
      try {
        const { where } = await transport.send(mail, stem);
        log.info(`mail: order ${order.number} (${kind}, ${mail.lang}) -> ${where}`);
        return;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (closed || attempt >= config.attempts) {
          log.error(`mail: order ${order.number} (${kind}) not sent after ${attempt} attempt(s): ${reason}`);
          return;
        }
        const wait = retryDelay(attempt + 1, config);
        log.warn(`mail: order ${order.number} (${kind}) attempt ${attempt} failed (${reason}); retrying in ${wait} ms`);
        await pause(wait);
        if (closed) {
          log.error(`mail: order ${order.number} (${kind}) not sent: the server is stopping`);
          return;
        }
      }
    }
  }

  return {
    orderConfirmed(order) {
      if (closed) return;
      // after the answer: nothing the mailer does can delay or fail the request
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => deliver(order))
        .catch((error: unknown) =>
          log.error(
            `mail: order ${order.number}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          ),
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      // the server hands orders over from a setImmediate of its own: let those run first
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      closed = true;
      for (const entry of timers) {
        clearTimeout(entry.timer);
        entry.wake();
      }
      timers.clear();
      await Promise.all([...pending]);
      transport.close();
    },
  };
}

/**
 * The notifier the app wires in: mail settings from the environment (SMTP_URL, OUTBOX_DIR,
 * MAIL_FROM, MAIL_ATTEMPTS, MAIL_RETRY_MS, MAIL_RETRY_MAX_MS, BANK_*) beside the server's own.
 */
export function mailNotifierFor(
  server: Pick<ServerConfig, "databasePath" | "siteUrl">,
  deps: MailNotifierDeps,
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<MailConfig> = {},
): MailNotifier {
  return createMailNotifier({ ...loadMailConfig(server, env), ...overrides }, deps);
}
