/**
 * The waiting room on the event page, in en, ru and ar at 390 px (Arabic right to left): an
 * on-sale made with `npm run onsale` on the test server's database puts the visitor in the
 * pre-queue; without a reload the page shows the place and the people ahead once the queue opens,
 * then the admission and the ticket choice.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, it } from "node:test";
import { closeBrowser, withPage } from "./support/browser";
import { claim } from "./support/catalogue";
import { LANGS, text } from "./support/site";

const DATABASE = process.env.E2E_DATABASE_PATH;
const PHONE = { width: 390, height: 844 };

/** `npm run onsale -- ...` on the test server's database. */
function onsale(...args: string[]): string {
  assert.ok(DATABASE, "E2E_DATABASE_PATH (set by npm test) names the server's database");
  return execFileSync(process.execPath, ["--import", "tsx", "server/scripts/onsale.ts", ...args], {
    env: { ...process.env, DATABASE_PATH: DATABASE, DATABASE_URL: "" },
    encoding: "utf8",
  });
}

describe("waiting room on the event page", { concurrency: false }, () => {
  for (const lang of LANGS) {
    it(`${lang}: pre-queue, then place and people ahead, then admitted, without a reload`, async () => {
      const { event } = await claim({ tickets: 1, alone: true });
      // three a minute: the one visitor waits about twenty seconds after the opening
      const opens = new Date(Date.now() + 20_000).toISOString();
      onsale("create", "--event", String(event.id), "--opens", opens, "--rate", "3", "--admission-minutes", "5");
      try {
        await withPage(
          async (tp) => {
            await tp.open(`${lang === "en" ? "" : `/${lang}`}/events/${event.id}/`);
            const room = tp.page.getByTestId("waiting-room");
            await room.waitFor({ timeout: 15_000 });
            await room.getByText(text(lang, "common:waitingRoom.preQueue")).waitFor({ timeout: 15_000 });
            assert.equal(await tp.page.evaluate(() => document.documentElement.dir), lang === "ar" ? "rtl" : "ltr");
            assert.equal(await room.evaluate((el) => getComputedStyle(el).direction), lang === "ar" ? "rtl" : "ltr");
            // the width of a phone: nothing wider than the screen
            const width = await room.evaluate((el) => el.getBoundingClientRect().right);
            assert.ok(width <= PHONE.width, `the waiting room fits 390 px (right edge ${width})`);

            const position = tp.page.getByTestId("waiting-room-position");
            await position.waitFor({ timeout: 40_000 });
            assert.match((await position.textContent()) ?? "", /1/);
            assert.equal(
              await tp.page.getByTestId("waiting-room-ahead").textContent(),
              text(lang, "common:waitingRoom.ahead", { count: 0, formatted: new Intl.NumberFormat(lang).format(0) }),
            );
            await tp.page.getByTestId("waiting-room-admitted").waitFor({ timeout: 60_000 });
            assert.equal(await room.count(), 0, "the waiting room gave way to the tickets");
            assert.deepEqual(tp.errors, []);
          },
          { viewport: PHONE },
        );
      } finally {
        onsale("close", "--event", String(event.id));
      }
    });
  }
  it("closes the browser", async () => closeBrowser());
});
