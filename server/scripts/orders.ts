/**
 * Orders of a server's database, for whoever runs the shop.
 *   npm run orders -- history UAE-7K3M9Q [--database data/local.sqlite|postgres://…]
 * `history` shows every change of the order's state (from which state to which, what happened,
 * who or what moved it, when), its "order paid" event and what its consumers did, and its e-mails.
 */
import { helpAsked } from "../../src/core/command-help";
import { openDatabase } from "../src/db/database";
import { outboxRepository } from "../src/mail/outbox-repository";
import { ordersRepository } from "../src/orders/orders-repository";
import { databaseOption, isoSecond, runCommand } from "./shop-command";

const USAGE = "usage: npm run orders -- history <ORDER-NUMBER>  [--database <file|url>]";

async function main(argv: string[]): Promise<number> {
  if (helpAsked(argv)) {
    console.log(`${USAGE}
  history <ORDER-NUMBER>   every change of the order's state (who or what moved it, when), its
                           "order paid" event with what ticket issuing and the e-mail did, its e-mails
  --database <file|url>    the server's database (default: DATABASE_URL, else DATABASE_PATH, as the server reads them)`);
    return 0;
  }
  const args = [...argv];
  const found = databaseOption(args, USAGE);
  if ("exitCode" in found) return found.exitCode;
  const [command, number, ...extra] = args;
  if (command !== "history" || !number || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const db = await openDatabase(found.location);
  try {
    const orders = ordersRepository(db);
    const order = await orders.byNumber(number);
    if (!order) {
      console.error(`no order ${number}`);
      return 1;
    }
    console.log(`order ${order.number} (${order.status}), made ${isoSecond(order.createdAt)} UTC`);
    for (const h of await orders.history(order.id)) {
      console.log(
        [
          isoSecond(h.at),
          `${(h.fromStatus ?? "-").padEnd(16)} -> ${h.toStatus.padEnd(16)}`,
          h.event.padEnd(16),
          `by ${h.actor}`,
        ].join("  "),
      );
    }
    const paid = await orders.paidEvent(order.id);
    if (paid) {
      const done = await db.one<{ tickets_done_at: number | null; mail_done_at: number | null }>(
        "SELECT tickets_done_at, mail_done_at FROM order_events WHERE id = ?",
        [paid.id],
      );
      console.log(
        `order paid event #${paid.id}: tickets issued ${isoSecond(done?.tickets_done_at ?? null)}, ` +
          `e-mail queued ${isoSecond(done?.mail_done_at ?? null)}`,
      );
    }
    for (const e of await outboxRepository(db).ofOrder(order.id)) {
      const when = e.state === "sent" ? `sent ${isoSecond(e.sentAt)}` : `next ${isoSecond(e.nextAt)}`;
      console.log(`e-mail (${e.event}): ${e.state}, ${when}, attempts ${e.attempts}`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

runCommand(main);
