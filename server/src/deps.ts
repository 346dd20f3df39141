import type { components } from "../../src/core/generated/basket";
import type { BasketsRepository } from "./basket/baskets-repository";
import type { SessionsRepository } from "./basket/sessions-repository";
import type { TicketsRepository } from "./basket/tickets-repository";
import type { CatalogueService } from "./catalogue/catalogue-service";
import type { CheckinService } from "./checkin/checkin-service";
import type { ServerConfig } from "./config";
import type { Db } from "./db/database";
import type { FaultController } from "./faults";
import type { ByteBoundCache } from "./lib/byte-bound-cache";
import type { OutboxRepository } from "./mail/outbox-repository";
import type { OnsaleService } from "./onsale/onsale-service";
import type { CaptchaService } from "./orders/captcha";
import type { OrdersRepository, PaymentsRepository } from "./orders/orders-repository";
import type { Throttle } from "./orders/throttle";
import type { PromoService } from "./promo/promo-service";
import type { WalletService } from "./wallet/wallet-service";

/** An order as the contract shows it, in the order's own language. */
export type WireOrder = components["schemas"]["Order"];

/**
 * Told when an order is confirmed: it became paid (card approved, or free tickets), or a
 * bank-transfer or cash order was made (its email says how and by when to pay). By then the
 * e-mail is already queued in the mail outbox (AppDeps.outbox), in the same transaction as the
 * change: this call only says "deliver soon". The request never waits for it, and whatever it
 * throws is its own business: implementations must not throw.
 */
export interface OrderNotifier {
  orderConfirmed(order: WireOrder): void;
}

/** The notifier used when none is given: one log line per confirmed order. */
export function loggingNotifier(log: (message: string) => void): OrderNotifier {
  return {
    orderConfirmed(order) {
      log(
        `order ${order.number} confirmed (${order.status}, ${order.total.amount} ${order.currency_code}, ${order.lang ?? "en"})`,
      );
    },
  };
}

/**
 * What the features share. The core (server/src/app.ts) gives the settings, the database and the
 * clock; each feature plugin adds its own services (server/src/http/feature.ts).
 */
export interface AppDeps {
  config: ServerConfig;
  db: Db;
  catalogue: CatalogueService;
  tickets: TicketsRepository;
  baskets: BasketsRepository;
  orders: OrdersRepository;
  payments: PaymentsRepository;
  sessions: SessionsRepository;
  /** the e-mails orders cause, queued in the transaction of the change that causes them */
  outbox: OutboxRepository;
  captcha: CaptchaService;
  /** counters of the limits against abuse, kept in the database */
  throttle: Throttle;
  /** ticket codes, signing and the door (server/src/checkin) */
  checkin: CheckinService;
  faults: FaultController;
  /** Apple and Google Wallet passes of issued tickets (server/src/wallet) */
  wallet: WalletService;
  notifier: OrderNotifier;
  /** the waiting rooms of big on-sales (server/src/onsale) */
  onsale: OnsaleService;
  /** serialized catalogue answers, bounded by size */
  responseCache: ByteBoundCache;
  /** the clock, replaceable in tests */
  now: () => number;
  /** promo codes entered into sessions and used by orders (server/src/promo) */
  promo: PromoService;
  /** Ends every hold whose time is up: expired baskets and unpaid orders give their tickets back. */
  releaseExpired(now: number): Promise<void>;
}
