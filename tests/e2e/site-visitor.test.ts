/**
 * What a visitor stumbles on, fixed: the language switcher keeps the address's tail,
 * query and hash; the header menus close and do not stack; ended events say so; several
 * sessions are shown and booked as such; the ticket picker keeps the choice after adding
 * and one phone bar follows it; the cart's lines add up; the events list narrows; sharing.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { siteUrl, withPage } from "./support/browser";
import { catalogueEvents, claim, getJson } from "./support/catalogue";
import { ShopPage } from "./support/pages";
import { text } from "./support/site";

describe("language switcher", () => {
  for (const [from, path, to] of [
    ["en", "/events/search/?cities=2&q=jazz#results", "ru"],
    ["ru", "/ru/payment/success/?order=ORDER-42", "ar"],
    ["ar", "/ar/order/pay/ORDER-42/", "en"],
  ] as const) {
    it(`keeps ${path} when switching to ${to}`, async () => {
      await withPage(
        async (tp) => {
          const { page } = tp;
          await tp.open(path);
          const header = page.locator("header");
          await header.locator("summary").click();
          await header.getByRole("link", { name: text(from, `nav.languageNames.${to}`), exact: true }).click();
          const tail = path.replace(/^\/(ru|ar)(?=\/)/, "");
          const expected = to === "en" ? tail : `/${to}${tail}`;
          await page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === expected, { timeout: 10_000 });
          await page.waitForFunction((lang) => document.documentElement.lang === lang, to);
        },
        { allowErrors: [/status of 404/] },
      );
    });
  }

  it("follows a query the page rewrote after it loaded", async () => {
    await withPage(async (tp) => {
      const { page } = tp;
      await tp.open("/events/");
      await page.getByRole("button", { name: text("en", "events.quick.weekend") }).click();
      await page.waitForURL(/\?when=weekend/);
      const header = page.locator("header");
      await header.locator("summary").click();
      const link = header.getByRole("link", { name: text("en", "nav.languageNames.ar"), exact: true });
      // the menu looks at the address as it opens: give that render a moment to land
      const deadline = Date.now() + 5000;
      let href = await link.getAttribute("href");
      while (href !== "/ar/events/?when=weekend" && Date.now() < deadline) {
        await page.waitForTimeout(100);
        href = await link.getAttribute("href");
      }
      assert.equal(href, "/ar/events/?when=weekend");
    });
  });
});

describe("header menus on a phone", () => {
  it("Escape closes the phone menu, and the language menu never opens on top of it", async () => {
    await withPage(
      async (tp) => {
        const { page } = tp;
        await tp.open("/");
        const menuButton = page.getByRole("button", { name: text("en", "nav.mainNav") });
        const nav = page.locator("#site-nav");
        await menuButton.click();
        assert.equal(await nav.isVisible(), true);
        await page.keyboard.press("Escape");
        await page.waitForFunction(() => document.querySelector("#site-nav")?.getAttribute("data-open") === "false");
        assert.equal(
          await menuButton.evaluate((el) => el === document.activeElement),
          true,
          "focus back on the menu button",
        );

        await menuButton.click();
        await page.locator("header summary").click();
        await page.waitForFunction(() => document.querySelector("#site-nav")?.getAttribute("data-open") === "false");
        assert.equal(await page.locator("header details").evaluate((d) => (d as HTMLDetailsElement).open), true);

        await menuButton.click();
        assert.equal(await page.locator("header details").evaluate((d) => (d as HTMLDetailsElement).open), false);
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});

describe("event pages", () => {
  it("an ended event says so, sells nothing and points to upcoming events", async () => {
    const archive = await getJson<{ results: Array<{ id: number; status: string }> }>(
      "/v1/events?lang=en&date_type=archive&page_size=50",
    );
    const ended = archive.results.find((e) => e.status !== "cancelled");
    assert.ok(ended, "the sample has an ended event");
    await withPage(async (tp) => {
      const { page } = tp;
      await tp.open(`/events/${ended.id}/`);
      await page.locator('[data-status="ended"]').waitFor();
      assert.equal(await page.getByTestId("ticket-picker").count(), 0);
      assert.equal(await page.getByRole("button", { name: text("en", "picker.add") }).count(), 0);
      assert.equal(await page.getByRole("link", { name: text("en", "common.buyTickets") }).count(), 0);
      // the related events' heading (the banner links to it) says they are upcoming ones like this
      const related = page.locator("h2#related");
      if ((await related.count()) > 0) {
        assert.equal((await related.textContent())?.trim(), text("en", "event.similarUpcoming"));
        assert.equal(await page.locator('[data-status="ended"] a[href="#related"]').count(), 1);
      }
    });
  });

  it("lists the sessions of a multi-session event and books each in the calendar file", async () => {
    const events = await catalogueEvents();
    const several = events.find((e) => e.sessions > 1 && e.status === "on_sale");
    assert.ok(several, "the sample has an event with several sessions");
    const sessions = await getJson<Array<{ started_at: string }>>(
      `/v2/dates_prices?event_source_id=${several.eventSourceId}&currency=AED&source_id=2`,
    );
    await withPage(async (tp) => {
      const { page } = tp;
      await page.goto(siteUrl(`/ru/events/${several.id}/`));
      const listed = page.getByTestId("event-sessions").locator("li");
      assert.equal(await listed.count(), sessions.length);
      const ics = await (await fetch(siteUrl(`/ics/event-${several.id}-ru.ics`))).text();
      assert.equal(ics.match(/BEGIN:VEVENT/g)?.length, sessions.length);
    });
  });

  it("does not say the hall twice on an Arabic page", async () => {
    await withPage(async (tp) => {
      const { page } = tp;
      await page.goto(siteUrl("/ar/events/42/"));
      const body = (await page.locator("main").textContent()) ?? "";
      assert.doesNotMatch(body, /القاعة:\s*القاعة/);
    });
  });

  it("offers WhatsApp, Telegram and e-mail besides copying the link", async () => {
    // the links are read, nothing is bought: any event on sale will do
    const event = (await catalogueEvents()).find((e) => e.status === "on_sale");
    assert.ok(event);
    await withPage(async (tp) => {
      const { page } = tp;
      await page.goto(siteUrl(`/events/${event.id}/`));
      const share = page.getByRole("list", { name: text("en", "share.linksLabel") });
      assert.match(
        (await share.getByRole("link", { name: "WhatsApp" }).getAttribute("href")) ?? "",
        /^https:\/\/wa\.me\/\?text=/,
      );
      assert.match(
        (await share.getByRole("link", { name: "Telegram" }).getAttribute("href")) ?? "",
        /^https:\/\/t\.me\/share\/url\?url=/,
      );
      assert.match(
        (await share.getByRole("link", { name: text("en", "share.email") }).getAttribute("href")) ?? "",
        /^mailto:\?subject=/,
      );
      assert.equal(await share.getByRole("button", { name: text("en", "share.copy") }).count(), 1);
    });
  });
});

describe("ticket picker and cart", () => {
  it("keeps the choice after adding, says it is in the basket and moves the focus to the way there", async () => {
    const {
      event,
      offers: [a, b],
    } = await claim({ tickets: 2, categories: 2, oneSession: true });
    assert.ok(a && b);
    await withPage(
      async (tp) => {
        const shop = new ShopPage(tp);
        const { page } = tp;
        await shop.open(`/events/${event.id}/`);
        await shop.pick(a.id, 2);
        await shop.pick(b.id, 1);

        // one bar on the phone, following the choice
        const bar = page.getByTestId("sticky-bar");
        const total = await page.getByTestId("picker-total").getAttribute("data-value");
        await page.waitForFunction(
          (value) =>
            document.querySelector('[data-testid="sticky-bar"] [data-value]')?.getAttribute("data-value") === value,
          total,
        );
        assert.match((await bar.textContent()) ?? "", /3 tickets selected/);
        assert.equal(
          await page
            .locator("main")
            .getByRole("link", { name: text("en", "common.buyTickets") })
            .filter({ visible: true })
            .count(),
          0,
          "no second buy button",
        );

        await page.getByTestId("add-to-basket").click();
        const added = page.getByTestId("picker-added");
        await added.waitFor();
        assert.match((await added.textContent()) ?? "", /3 tickets added to your basket/);
        assert.equal(
          await shop.offer(a.id).getByTestId("ticket-count").textContent(),
          "2",
          "the choice stays on screen",
        );
        assert.equal(
          await page.evaluate(() => !!document.activeElement?.closest('[data-testid="picker-added"]')),
          true,
          "focus on the confirmation",
        );
        assert.equal(await added.getByRole("link", { name: text("en", "picker.goToCart") }).count(), 1);
        assert.equal(await bar.getByRole("link", { name: text("en", "picker.goToCart") }).count(), 1);

        // the page keeps room below its content for the bar
        const padding = await page.evaluate(() =>
          parseFloat(getComputedStyle(document.querySelector("article")!).paddingBlockEnd),
        );
        const barHeight = await bar.evaluate((el) => el.getBoundingClientRect().height);
        assert.ok(padding >= barHeight, `padding ${padding} < bar ${barHeight}`);

        // the cart: lines include the fee and add up to the subtotal; the session line is not repeated
        await shop.openCart();
        const lines = await page
          .getByTestId("cart-line-total")
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-value"))));
        const subtotal = Number(await page.getByTestId("event-subtotal").getAttribute("data-value"));
        assert.equal(Math.round(lines.reduce((s, v) => s + v, 0) * 100), Math.round(subtotal * 100));
        assert.equal(Number(await page.getByTestId("cart-total").getAttribute("data-value")), subtotal);
        assert.equal(await page.getByTestId("cart-ticket-session").count(), 0);
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});

describe("events list", () => {
  it("narrows to this weekend and back, with no single-event day counts", async () => {
    await withPage(async (tp) => {
      const { page } = tp;
      await tp.open("/events/");
      const singles = await page
        .locator("main h2")
        .evaluateAll((hs) => hs.filter((h) => /\b1 event\b/.test(h.textContent ?? "")).length);
      assert.equal(singles, 0);

      await page.getByRole("button", { name: text("en", "events.quick.weekend") }).click();
      await page.waitForURL(/\?when=weekend/);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="events-found"]')?.getAttribute("aria-busy") === "false",
      );
      const days = await page
        .locator("main section > h2 time[datetime]")
        .evaluateAll((ts) => ts.map((t) => t.getAttribute("datetime")));
      for (const day of days) {
        const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
        assert.ok(weekday === 6 || weekday === 0, `${day} is not a Saturday or Sunday`);
      }
      await page.getByRole("button", { name: text("en", "events.quick.all") }).click();
      await page.waitForURL((url) => url.search === "");
    });
  });
});
