/**
 * The door, in real Chromium against the built site and the real server: a ticket bought and
 * paid, a phone paired from the link `npm run checkin -- list-create` prints, the ticket's QR
 * read through a fake camera (a Y4M video of the real code) and admitted once, a keyboard
 * scanner's typing, an admission with the network gone uploaded when it comes back, forged
 * codes refused online and offline, and the page in Arabic right to left.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type ApiOrder, CARD, orderNow, orderThroughApi, uniqueEmail } from "./support/api";
import { closeBrowser, SITE_URL, setChromiumFlags, withPage } from "./support/browser";
import { catalogueEvents, claim, getJson } from "./support/catalogue";
import { CheckoutPage } from "./support/pages";
import { text } from "./support/site";
import { qrY4m } from "./support/y4m";

const DATABASE = process.env.E2E_DATABASE_PATH;
const dir = mkdtempSync(join(tmpdir(), "checkin-e2e-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run checkin -- ...` on the test server's database. */
function checkin(...args: string[]): string {
  assert.ok(DATABASE, "E2E_DATABASE_PATH (set by npm test) names the server's database");
  return execFileSync(process.execPath, ["--import", "tsx", "server/scripts/checkin.ts", ...args], {
    env: { ...process.env, DATABASE_PATH: DATABASE, SITE_URL },
    encoding: "utf8",
  });
}

/** Ticket categories of sessions whose doors are open now (from 6 h before the start to 2 h after the end). */
async function openDoorOffers(): Promise<Set<number>> {
  const now = Date.now();
  const ids = new Set<number>();
  for (const event of await catalogueEvents()) {
    const sessions = await getJson<
      Array<{ started_at: string; finished_at: string | null; tickets: Array<{ id: number }> }>
    >(`/v2/dates_prices?event_source_id=${event.eventSourceId}&currency=AED&source_id=2`);
    for (const s of sessions) {
      const start = Date.parse(s.started_at);
      const end = s.finished_at ? Date.parse(s.finished_at) : start + 6 * 3600_000;
      if (start - 6 * 3600_000 <= now && now <= end + 2 * 3600_000) for (const t of s.tickets) ids.add(t.id);
    }
  }
  return ids;
}

let order: ApiOrder;
let pairingLink: string;
const forge = (qr: string) => `${qr.slice(0, -6)}${qr.at(-6) === "A" ? "B" : "A"}${qr.slice(-5)}`;

before(async () => {
  const open = await openDoorOffers();
  const { offer } = await claim({ tickets: 3, offer: (o) => open.has(o.id) });
  order = await withPage(async (t) => {
    const placed = await orderThroughApi(t.context, {
      lang: "en",
      ticketId: offer.id,
      count: 3,
      email: uniqueEmail("door"),
      acquisitionId: CARD,
      name: "Mariam Al Suwaidi",
    });
    await new CheckoutPage(t).payThroughAcquirer(placed);
    for (let i = 0; i < 50; i++) {
      const now = await orderNow(t.context, placed.id);
      if (now.status === "paid") return now;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("the order was not paid");
  });
  assert.equal(order.tickets.length, 3);
  const printed = checkin("list-create", "--event", String(order.tickets[0]!.event_id), "--name", "Gate A");
  const link = /(http\S+\/scan\/#pair=\S+)/.exec(printed)?.[1];
  assert.ok(link, printed);
  pairingLink = link;
  // the next browser's camera films the first ticket's QR code
  const video = join(dir, "ticket.y4m");
  qrY4m(video, order.tickets[0]!.qr!);
  await closeBrowser();
  setChromiumFlags([
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    `--use-file-for-fake-video-capture=${video}`,
  ]);
});

describe("the door scanner", () => {
  it("pairs from the link, admits the filmed ticket once, takes typed codes, refuses forgeries, works offline", async () => {
    const [first, second, third] = order.tickets as [
      ApiOrder["tickets"][0],
      ApiOrder["tickets"][0],
      ApiOrder["tickets"][0],
    ];
    await withPage(async (t) => {
      const { page, context } = t;
      const status = (key: string) => text("en", `tickets:scan.status.${key}`);
      const answer = page.getByTestId("scan-answer");
      const next = () => page.getByRole("button", { name: text("en", "tickets:scan.next") }).click();
      await page.goto(pairingLink);
      await page.getByTestId("scanner").waitFor({ timeout: 20_000 });
      await page.getByTestId("scan-counts").waitFor();
      assert.equal(new URL(page.url()).hash, "", "the token leaves the address bar");
      assert.match((await page.getByRole("heading", { level: 1 }).textContent()) ?? "", /Gate A/);
      // which event and day this gate is for, beside the gate
      assert.match((await page.getByTestId("scan-event").textContent()) ?? "", /\S · .*20\d\d/);

      // the camera films the first ticket: admitted, then (the same code again) already used, with the time
      await page.getByRole("button", { name: text("en", "tickets:scan.startCamera") }).click();
      await page.locator('[data-testid="scan-answer"][data-status="admitted"]').waitFor({ timeout: 20_000 });
      assert.match((await answer.textContent()) ?? "", new RegExp(status("admitted")));
      assert.match((await answer.textContent()) ?? "", /Mariam Al Suwaidi/);
      await page.locator('[data-testid="scan-answer"][data-status="already_used"]').waitFor({ timeout: 20_000 });
      assert.match((await page.getByTestId("scan-used").textContent()) ?? "", /Used at \d{1,2}:\d{2}/);
      await next();
      await page.getByRole("button", { name: text("en", "tickets:scan.stopCamera") }).click();

      // a keyboard-wedge scanner types the printed code into the focused field and presses Enter
      const field = page.getByLabel(text("en", "tickets:scan.codeLabel"), { exact: true });
      /** A code pasted into the field and sent: the answer it gets (decided offline or not), then the next scan. */
      const scanPasted = async (code: string, status: string, offline: boolean) => {
        await field.fill(code);
        await page.keyboard.press("Enter");
        await page.locator(`[data-testid="scan-answer"][data-status="${status}"][data-offline="${offline}"]`).waitFor();
        await next();
      };
      await field.focus();
      await page.keyboard.type(second.code);
      await page.keyboard.press("Enter");
      await page.locator('[data-testid="scan-answer"][data-status="admitted"]').waitFor();
      await next();
      await scanPasted(forge(first.qr!), "forged", false);

      // no network: the phone decides alone and queues; a forgery is still refused
      await context.setOffline(true);
      await scanPasted(third.qr!, "admitted", true);
      await scanPasted(forge(third.qr!), "forged", true);
      await page.getByTestId("scan-queue").waitFor();

      // back online: the queue is uploaded and the server counts all three
      await context.setOffline(false);
      await page.getByTestId("scan-queue").waitFor({ state: "detached", timeout: 20_000 });
      await page.locator('[data-testid="scan-counts"][data-admitted="3"]').waitFor({ timeout: 10_000 });
      assert.match(checkin("list"), /"Gate A" event \d+: 3\/\d+ admitted/);
      const csv = checkin("report", "--event", String(first.event_id));
      assert.match(csv, /\r?\nrefused,already_used,,,,[1-9]/);
      assert.match(csv, /\r?\nrefused,forged,,,,2/);

      // the same phone, in Arabic: right to left
      await page.goto(`${SITE_URL}/ar/scan/`);
      await page.getByTestId("scanner").waitFor();
      assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
      assert.equal(await page.locator("html").getAttribute("lang"), "ar");
      assert.match((await page.getByRole("heading", { level: 1 }).textContent()) ?? "", /البوابة/);
      assert.equal(await page.locator("h1 bdi").textContent(), "Gate A", "the Latin gate name is isolated");

      // a code typed with Arabic-Indic digits is the code: already used, on the device named in Arabic
      const arabicDigits = first.code.replace(/[0-9]/g, (d) => String.fromCharCode(0x660 + Number(d)));
      await page.getByLabel(text("ar", "tickets:scan.codeLabel"), { exact: true }).fill(arabicDigits);
      await page.keyboard.press("Enter");
      await page.locator('[data-testid="scan-answer"][data-status="already_used"]').waitFor();
      const used = page.getByTestId("scan-used");
      assert.deepEqual(await used.locator("bdi").allTextContents(), ["الجهاز 1", "Gate A"]);
      assert.doesNotMatch((await used.textContent()) ?? "", /Device/);
      await page.getByRole("button", { name: text("ar", "tickets:scan.next") }).click();

      // the name search tells the three tickets apart by their codes and marks them used
      await page.getByLabel(text("ar", "tickets:scan.searchLabel")).fill("Mariam");
      await page.getByRole("button", { name: text("ar", "tickets:scan.search"), exact: true }).click();
      const rows = page.getByTestId("scan-results").getByRole("button");
      await rows.nth(2).waitFor();
      const codes = await rows.locator("bdi[dir=ltr]").allTextContents();
      assert.deepEqual([...codes].sort(), [first.code, second.code, third.code].sort());
      assert.deepEqual(await rows.evaluateAll((all) => all.map((r) => r.getAttribute("data-used"))), [
        "true",
        "true",
        "true",
      ]);
      assert.deepEqual(
        t.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e)),
        [],
      );
    });
  });

  it("the page answers with the camera allowed for itself only, and is not indexed", async () => {
    const scan = await fetch(`${SITE_URL}/ru/scan/`);
    assert.equal(scan.status, 200);
    assert.match(scan.headers.get("permissions-policy") ?? "", /camera=\(\).*camera=\(self\)$/);
    assert.match(await scan.text(), /<meta name="robots" content="noindex/);
    const home = await fetch(`${SITE_URL}/`);
    assert.doesNotMatch(home.headers.get("permissions-policy") ?? "", /camera=\(self\)/);
  });
});
