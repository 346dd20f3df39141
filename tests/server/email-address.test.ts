/**
 * The e-mail address of an order: exactly the WHATWG "valid e-mail address" (a Unicode domain
 * in its IDNA form), nothing hidden (NUL, DEL, ESC, U+202E, zero-width); the address stored is
 * the address the e-mail goes to, and one that looks like an RFC 2047 encoded word is sent as
 * written, never decoded into a display name.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { after, describe, test } from "node:test";
import type { WireOrder } from "../../server/src/deps";
import { validEmail } from "../../server/src/lib/email";
import { createMailNotifier, type MailNotifier } from "../../server/src/mail/notifier";
import { assertEachGives, assertTable } from "../unit/support/cases";
import { BUYER, createOrder, json, makeApp, offersOf, placeOrder, Visitor } from "./helpers";
import { logSink, tempMailConfig } from "./mail-helpers";

describe("validEmail", () => {
  test("accepts what the WHATWG valid e-mail address accepts, a Unicode domain in IDNA form", () => {
    assertTable(validEmail, [
      ["layla@example.ae", "layla@example.ae"],
      ["a.b+tag@sub.example.com", "a.b+tag@sub.example.com"],
      ["o'brien@example.ie", "o'brien@example.ie"],
      ["root@localhost", "root@localhost"],
      ["=?utf-8?B?QWxpY2U=?=@example.com", "=?utf-8?B?QWxpY2U=?=@example.com"],
      ["user@bücher.example", "user@xn--bcher-kva.example"],
      ["user@пример.рф", "user@xn--e1afmkfd.xn--p1ai"],
      ["  padded@example.com\n", "padded@example.com"],
    ]);
  });

  test("refuses control, format and space characters and anything else the standard does not allow", () => {
    const refused = [
      "nul\0@example.com",
      "del\x7f@example.com",
      "esc\x1b[31m@example.com",
      "rlo\u202e@example.com",
      "zero\u200bwidth@example.com",
      "a@exa\u200bmple.com",
      "joiner\u200d@example.com",
      "bom\ufeff@example.com",
      "nbsp\u00a0@example.com",
      "a b@example.com",
      "ünï@example.com",
      '"quoted"@example.com',
      "a@b@example.com",
      "@example.com",
      "a@",
      "a@-example.com",
      "a@example..com",
      "a@[127.0.0.1]",
      "a@example.com.",
      `${"a".repeat(250)}@example.com`,
      "",
    ];
    assertEachGives(refused, validEmail, null);
    assert.equal(validEmail(42), null);
  });
});

describe("the address of an order", () => {
  test("an order with a hidden character is refused; the stored address is the delivered one, written as given", async () => {
    const config = tempMailConfig("http://127.0.0.1:9000");
    let mailer: MailNotifier | undefined;
    const { app } = await makeApp(
      {},
      {
        notifier: (deps) =>
          (mailer = createMailNotifier(config, { catalogue: deps.catalogue, outbox: deps.outbox, log: logSink() })),
      },
    );
    after(async () => {
      await mailer?.close();
      await app.close();
    });
    const free = (await offersOf(app, 10034))[0]!.tickets[0]!;

    for (const email of ["nul\0@example.com", "rlo\u202e@example.com", "zw\u200b@example.com"]) {
      const v = new Visitor(app);
      await v.add(free.id, 1);
      const res = await createOrder(app, v, { ...BUYER, email, acquisition_id: null });
      assert.equal(res.statusCode, 400, JSON.stringify(email));
      assert.equal(json<{ code: string }>(res).code, "invalid_email");
    }

    const addresses = ["=?utf-8?B?QWxpY2U=?=@example.com", "user@bücher.example"];
    const orders: WireOrder[] = [];
    for (const email of addresses) {
      const v = new Visitor(app);
      await v.add(free.id, 1);
      orders.push(await placeOrder(app, v, { ...BUYER, email, acquisition_id: null }));
    }
    assert.deepEqual(
      orders.map((o) => o.email),
      ["=?utf-8?B?QWxpY2U=?=@example.com", "user@xn--bcher-kva.example"],
    );
    await mailer!.idle();
    const files = readdirSync(config.outboxDir).filter((f) => f.endsWith(".eml"));
    assert.equal(files.length, 2);
    for (const order of orders) {
      const file = files.find((f) => f.includes(order.number))!;
      const raw = readFileSync(path.join(config.outboxDir, file), "utf8");
      // the header holds the stored address byte for byte: not decoded, no display name made of it
      const header = /^To: (.*)$/m.exec(raw)?.[1];
      assert.equal(header, order.email, "delivered to the stored address, as written");
    }
  });
});
