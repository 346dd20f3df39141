/**
 * The order e-mail as a phone shows it: the HTML part of an Arabic paid order rendered in
 * headless Chromium at 390 px (the QR images put in place of their cid: links, as a mail
 * program does). Nothing is wider than the screen, the message reads right to left, labels
 * sit above their values, and every amount and code is an isolated run on one line that
 * touches no Arabic text.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { composeConfirmation } from "../../server/src/mail/compose";
import { loadMailConfig } from "../../server/src/mail/mail-config";
import { paidOrder, sampleCatalogue } from "../server/mail-fixtures";
import { withPage } from "./support/browser";

const { catalogue, close } = sampleCatalogue();
after(close);

async function arabicMailHtml(): Promise<string> {
  const config = loadMailConfig({ databasePath: ":memory:", siteUrl: "http://127.0.0.1:9000" }, {});
  const mail = await composeConfirmation(paidOrder(catalogue, "ar"), "tickets", catalogue.data, config);
  return mail.html.replace(/cid:([^"]+)/g, (_, cid: string) => {
    const png = mail.attachments.find((a) => a.cid === cid);
    assert.ok(png, `an attachment for cid:${cid}`);
    return `data:image/png;base64,${png.content.toString("base64")}`;
  });
}

describe("the e-mail on a 390 px phone, in Arabic", () => {
  it("fits the screen, reads right to left, stacks labels and keeps money and codes whole", async () => {
    const html = await arabicMailHtml();
    await withPage(
      async ({ page }) => {
        await page.setContent(html, { waitUntil: "load" });
        const report = await page.evaluate(() => {
          const root = document.querySelector<HTMLElement>('[aria-roledescription="email"]');
          const overflow = document.documentElement.scrollWidth - window.innerWidth;
          const outside = [...document.querySelectorAll<HTMLElement>("body *")]
            .filter((el) => el.getClientRects().length > 0 && el.childElementCount === 0)
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.width > 0 && (r.left < -0.5 || r.right > window.innerWidth + 0.5);
            })
            .map((el) => el.outerHTML.slice(0, 80));
          const runs = [...document.querySelectorAll<HTMLElement>("[data-money], [data-code]")].map((el) => {
            const rect = el.getBoundingClientRect();
            // everything else on the same line (the row's label, the sentence around it)
            const neighbours: Array<{ left: number; right: number }> = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (el.contains(node) || !node.textContent?.trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const r of range.getClientRects()) {
                const sameLine = r.top < rect.bottom - 2 && r.bottom > rect.top + 2;
                if (sameLine) neighbours.push({ left: r.left, right: r.right });
              }
            }
            const touching = neighbours.filter((n) => n.left < rect.right - 0.5 && n.right > rect.left + 0.5);
            return {
              text: el.textContent,
              // a run of mixed direction has a box per directional piece: count the lines they sit on
              lines: new Set([...el.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top / 4)))
                .size,
              bidi: getComputedStyle(el).unicodeBidi,
              touching: touching.length,
            };
          });
          const stacked = [...document.querySelectorAll<HTMLElement>(".label")].map((label) => {
            const value = label.nextElementSibling as HTMLElement;
            return label.getBoundingClientRect().bottom <= value.getBoundingClientRect().top + 1;
          });
          return {
            overflow,
            outside,
            dir: root?.getAttribute("dir"),
            direction: root ? getComputedStyle(root).direction : null,
            runs,
            stacked,
          };
        });
        assert.ok(report.overflow <= 0, `the page scrolls sideways by ${report.overflow} px`);
        assert.deepEqual(report.outside, [], "nothing drawn outside the screen");
        assert.equal(report.dir, "rtl");
        assert.equal(report.direction, "rtl");
        assert.ok(report.runs.length >= 10, "amounts and codes are marked");
        for (const run of report.runs) {
          assert.equal(run.lines, 1, `${run.text} broken over ${run.lines} lines`);
          assert.equal(run.bidi, "isolate", `${run.text} isolated`);
          assert.equal(run.touching, 0, `${run.text} overlaps the text beside it`);
        }
        assert.ok(report.stacked.length >= 15 && report.stacked.every(Boolean), "every label above its value");
      },
      { viewport: { width: 390, height: 844 } },
    );
  });
});
