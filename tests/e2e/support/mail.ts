/**
 * The e-mails the test server sent, read back as a mail program would: with no mail server
 * configured it writes each one into its outbox folder beside the database, named after the
 * order number and the order event (server/src/mail/transport.ts).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { loadMailConfig } from "../../../server/src/mail/mail-config";

function outboxDir(): string {
  const databasePath = process.env.E2E_DATABASE_PATH;
  if (!databasePath) throw new Error("E2E_DATABASE_PATH is not set: run the browser tests through npm test");
  return loadMailConfig({ databasePath, siteUrl: "http://127.0.0.1" }, {}).outboxDir;
}

/** The e-mail about `orderNumber` (the tickets of a paid order, by default), once it is there. */
export async function mailedFor(orderNumber: string, kind = "tickets", timeoutMs = 20_000): Promise<ParsedMail> {
  const dir = outboxDir();
  const suffix = `-${orderNumber}-${kind}.eml`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(dir).catch(() => [] as string[]);
    const name = names.find((n) => n.endsWith(suffix));
    if (name) return simpleParser(await readFile(path.join(dir, name)));
    if (Date.now() > deadline) throw new Error(`no e-mail ${suffix} in ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
