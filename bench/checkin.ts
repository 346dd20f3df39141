/**
 * How big a ticket's QR payload is and how long checking one code takes:
 *   npx tsx bench/checkin.ts [--runs 2000]
 * Verifying on the server (node:crypto, with the key's row read from the database), on a phone
 * without network (@noble/curves, as the scanner page does) and a whole redeem through the API
 * (first scans and repeats).
 */
import QRCode from "qrcode";
import { buildApp } from "../server/src/app";
import { signingKeys } from "../server/src/checkin/signing";
import { openDatabase } from "../server/src/db/database";
import { verifyPayload } from "../src/core/ticket-payload";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 2000;

async function time(label: string, runs: number, fn: (i: number) => unknown): Promise<void> {
  for (let i = 0; i < Math.min(50, runs); i++) await fn(i);
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) await fn(i);
  const us = Number(process.hrtime.bigint() - start) / 1000 / runs;
  console.log(`${label}: ${us.toFixed(1)} µs per code (${runs} runs)`);
}

async function main(): Promise<void> {
  const db = await openDatabase(":memory:");
  const keys = signingKeys(db);
  const start = Date.now();
  const text = await keys.sign(
    {
      ticketId: 1_000_000,
      eventId: 34,
      sessionId: 1234,
      categoryId: 5678,
      validFrom: start,
      validTo: start + 8 * 3600_000,
    },
    start,
  );
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  console.log(
    `payload: ${text.length} characters (${Buffer.byteLength(text)} bytes), QR version ${qr.version} (${qr.modules.size}×${qr.modules.size} modules) at error correction M`,
  );
  const publicKeys = await keys.publicKeys();
  await time("verify, server (node:crypto Ed25519)", RUNS, async () => {
    if (!(await keys.verify(text))) throw new Error("not verified");
  });
  await time("verify, scanner offline (@noble/curves)", Math.max(100, Math.floor(RUNS / 4)), () => {
    if (!verifyPayload(text, publicKeys).ok) throw new Error("not verified");
  });
  await db.close();

  // a whole redeem through the API on the sample data, its clock in the session's window
  const appDb = await openDatabase(":memory:");
  let now = Date.now();
  const app = await buildApp({ db: appDb, now: () => now, config: { logger: false, sweepIntervalMs: 0 } });
  const ticket = (await appDb.one<{ id: number; started_at: number }>(
    "SELECT t.id, s.started_at FROM tickets t JOIN event_sessions s ON s.id = t.session_id WHERE t.event_id = 34 LIMIT 1",
  )) as { id: number; started_at: number };
  const order = { id: "bench", number: "UAE-BENCH2", name: "Bench" };
  await appDb.run(
    "INSERT INTO orders (id, number, number_key, status, email, email_key, name, lang, currency_code, events_json, total_price, total_service_fee, total_payment_fee, total_amount, total_count, created_at) VALUES ('bench','UAE-BENCH2','UAEBENCH2','paid','b@e.ae','b@e.ae','Bench','en','AED','{}',0,0,0,0,0,0)",
  );
  const { checkin } = app.deps;
  const issued = await checkin.issue(order, [{ ticketId: ticket.id, count: RUNS }], now);
  now = ticket.started_at;
  const list = await checkin.createList({ eventId: 34, name: "Bench gate" }, now);
  const device = (await checkin.pair((await checkin.pairingLink(list.id, now)).token, "Bench phone", now)).device;
  const redeem = (i: number, code: string) =>
    checkin.redeem(
      device,
      { code, nonce: `bench-${i}-${code.length}-${Math.random()}`, scannedAt: now, direction: "entry" },
      "en",
      now,
    );
  let first = 0;
  await time("redeem, first scan (verify + database transaction)", RUNS, (i) =>
    redeem(i, issued[first++ % issued.length]!.qr),
  );
  await time("redeem, repeat scan (already used)", RUNS, (i) => redeem(i, issued[i % issued.length]!.qr));
  await app.close();
  await appDb.close();
}

void main();
