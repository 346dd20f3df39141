/**
 * The mail outbox of a server's database, for whoever runs the shop.
 *   npm run mail:outbox -- list [--all] [--database data/local.sqlite|postgres://…]
 *   npm run mail:outbox -- retry [ORDER-NUMBER ...] [--database ...]
 * `list` shows the e-mails waiting to be sent and those given up (with --all, the sent ones too);
 * `retry` puts given-up e-mails back in line (all of them, or those of the orders named), and the
 * running server sends them within a few seconds. DATABASE_URL and DATABASE_PATH are read as the
 * server reads them.
 */
import { helpAsked } from "../../src/core/command-help";
import { openDatabase } from "../src/db/database";
import { entryNumber, type OutboxState, outboxRepository } from "../src/mail/outbox-repository";
import { databaseOption, isoSecond, runCommand, shownDatabase } from "./shop-command";

const USAGE = "usage: npm run mail:outbox -- list [--all] | retry [ORDER-NUMBER ...]  [--database <file|url>]";

async function main(argv: string[]): Promise<number> {
  if (helpAsked(argv)) {
    console.log(`${USAGE}
  list [--all]                the e-mails waiting to be sent and those given up (--all: the sent ones too)
  retry [ORDER-NUMBER ...]    puts given-up e-mails back in line (all, or those of the orders named)
  --database <file|url>       the server's database (default: DATABASE_URL, else DATABASE_PATH, as the server reads them)`);
    return 0;
  }
  const args = [...argv];
  const found = databaseOption(args, USAGE);
  if ("exitCode" in found) return found.exitCode;
  const file = found.location;
  const all = args.includes("--all");
  const [command, ...rest] = args.filter((a) => a !== "--all");
  if (command !== "list" && command !== "retry") {
    console.error(USAGE);
    return 2;
  }
  const db = await openDatabase(file);
  try {
    const outbox = outboxRepository(db);
    if (command === "retry") {
      const now = Date.now();
      let moved = rest.length === 0 ? await outbox.retry(now) : 0;
      for (const order of rest) moved += await outbox.retry(now, order);
      console.log(`${moved} e-mail(s) put back in line; a running server sends them within a few seconds`);
      return 0;
    }
    const states: OutboxState[] = all ? ["pending", "failed", "sent"] : ["pending", "failed"];
    const entries = await outbox.list(states);
    const counts = await outbox.counts();
    console.log(
      `mail outbox of ${shownDatabase(file)}: ${counts.pending} pending, ${counts.failed} failed, ${counts.sent} sent`,
    );
    for (const e of entries) {
      const when =
        e.state === "sent" ? `sent ${isoSecond(e.sentAt)}` : e.state === "pending" ? `next ${isoSecond(e.nextAt)}` : "";
      console.log(
        [
          e.state.padEnd(7),
          entryNumber(e).padEnd(10),
          e.event.padEnd(16),
          `attempts ${e.attempts}`,
          `queued ${isoSecond(e.createdAt)}`,
          when,
          e.lastError ? `last error: ${e.lastError}` : "",
        ]
          .filter(Boolean)
          .join("  "),
      );
    }
    return 0;
  } finally {
    await db.close();
  }
}

runCommand(main);
