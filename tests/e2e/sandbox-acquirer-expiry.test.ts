/**
 * The sandbox acquirer's bank page in Chromium, as a buyer types on it (issue 33, item 8): an
 * expiry typed "1229" reads "12/29" as it is typed, deleting is left alone, and a refused form
 * comes back with the security code still in place. The server runs here on a free port of its
 * own; no built site is needed.
 */
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { after, before, describe, it } from "node:test";
import type { WireOrder } from "../../server/src/deps";
import { BUYER, json, makeApp, placeOrder, SITE_ORIGIN, type TestApp, Visitor } from "../server/helpers";
import { withPage } from "./support/browser";

let app: TestApp;
let base: string;

/** A port the OS says is free now: the app's own address must be known before it is built. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });

before(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app } = await makeApp({ publicUrl: base }));
  await app.listen({ port, host: "127.0.0.1" });
});
after(() => app.close());

async function payingOrder(): Promise<{ buyer: Visitor; order: WireOrder; url: string }> {
  const buyer = new Visitor(app);
  await buyer.add(1, 1);
  const order = await placeOrder(app, buyer, BUYER);
  const start = await buyer.request("POST", `/api/orders/${order.id}/payments`, {
    return_url: `${SITE_ORIGIN}/order/`,
  });
  assert.equal(start.statusCode, 201, start.body);
  return { buyer, order, url: json<{ redirect_url: string }>(start).redirect_url };
}

describe("the bank page as a buyer types on it", () => {
  it("puts the slash in a typed expiry, lets it be deleted, and keeps the security code on an error", async () => {
    const { buyer, order, url } = await payingOrder();
    await withPage(
      async ({ page, errors }) => {
        await page.goto(url);
        const expiry = page.getByLabel("Expiry date");
        await expiry.pressSequentially("1229");
        assert.equal(await expiry.inputValue(), "12/29");
        await expiry.press("Backspace");
        await expiry.press("Backspace");
        await expiry.press("Backspace");
        assert.equal(await expiry.inputValue(), "12", "deleting is left alone");
        await expiry.pressSequentially("39");
        assert.equal(await expiry.inputValue(), "12/39");

        await page.getByLabel("Card number").fill("4242 4242 4242 4242");
        await page.getByLabel("Security code (CVC)").fill("737");
        await page.getByRole("button", { name: /^Pay/ }).click();
        await page.getByText("Enter the name as it is written on the card.").waitFor();
        assert.equal(await page.getByLabel("Security code (CVC)").inputValue(), "737", "the security code is kept");
        assert.equal(await page.getByLabel("Expiry date").inputValue(), "12/39");

        await page.getByLabel("Name on the card").fill("Layla Haddad");
        // approved: the page sends the browser back to the shop (not running here; the answer is what counts)
        const [answer] = await Promise.all([
          page.waitForResponse((r) => r.request().method() === "POST" && r.url() === url),
          page.getByRole("button", { name: /^Pay/ }).click(),
        ]);
        assert.equal(answer.status(), 303);
        assert.match(answer.headers().location ?? "", /[?&]payment=approved/);
        assert.deepEqual(errors, []);
      },
      { allowErrors: [/status of 400 \(Bad Request\)/] },
    );
    assert.equal(json<WireOrder>(await buyer.request("GET", `/api/orders/${order.id}`)).status, "paid");
  });
});
