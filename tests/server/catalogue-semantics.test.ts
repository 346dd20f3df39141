/** Filters, sorting, pagination and languages of the catalogue, as the contract states them. */

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { assertMatchesContract, assertSchema, json, makeApp, type TestApp } from "./helpers";

type Ev = {
  id: number;
  event_source_id: number;
  title: string;
  short_description: string | null;
  started_at: string;
  finished_at: string | null;
  place: { id: number; title: string };
  hall: { id: number } | null;
  location: { id: number };
  categories: Array<{ id: number; type_id: number }>;
  persons: Array<{ id: number; title: string }>;
  labels: Array<{ id: number }>;
  status: string;
};
type Page = { count: number; next: string | null; previous: string | null; results: Ev[] };

let app: TestApp;
let all: Ev[];
before(async () => {
  ({ app } = await makeApp());
  all = json<Page>(await app.inject("/v1/events?date_type=all&page_size=100")).results;
});
after(async () => app.close());

const get = async (url: string): Promise<Page> => {
  const res = await app.inject(url);
  assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
  return json<Page>(res);
};
const ids = (p: Page) => p.results.map((e) => e.id);
const ms = (iso: string) => Date.parse(iso);

describe("the contract validator itself", () => {
  it("rejects an answer that breaks the contract", () => {
    assert.throws(() => assertSchema("catalogue", "Event", { id: 1, title: "x" }));
    assert.throws(() =>
      assertMatchesContract("catalogue", "/v1/events", "get", {
        statusCode: 200,
        body: '{"count":1,"next":null,"previous":null,"results":[{"id":"1"}]}',
      }),
    );
  });
});

describe("events: sample data", () => {
  it("has what the site needs to show every state", () => {
    assert.ok(all.length >= 40);
    assert.ok(new Set(all.flatMap((e) => e.categories.map((c) => c.type_id))).size >= 6);
    for (const s of ["sold_out", "cancelled", "postponed", "on_sale"])
      assert.ok(
        all.some((e) => e.status === s),
        s,
      );
    assert.ok(
      all.some((e) => e.labels.some((l) => l.id === 3)),
      "star cast",
    );
    assert.ok(
      all.some((e) => e.title.length >= 300),
      "a 300-character title",
    );
    const now = Date.now();
    assert.ok(
      all.some((e) => ms(e.finished_at ?? e.started_at) < now),
      "past events",
    );
    assert.ok(all.filter((e) => ms(e.started_at) > now + 30 * 86400_000).length >= 5, "events months ahead");
  });
});

describe("events: filters", () => {
  it("date_type: active (default) are not finished, archive are finished, all is both", async () => {
    const now = Date.now();
    const active = await get("/v1/events?page_size=100");
    const archive = await get("/v1/events?page_size=100&date_type=archive");
    assert.ok(active.results.every((e) => ms(e.finished_at ?? e.started_at) >= now));
    assert.ok(archive.results.every((e) => ms(e.finished_at ?? e.started_at) < now));
    assert.ok(archive.count > 0);
    assert.equal(active.count + archive.count, all.length);
  });

  it("id lists filter by category, hall, place, city, person, label and id", async () => {
    const sample = all.find((e) => e.hall && e.persons.length > 0 && e.labels.length > 0)!;
    const cases: Array<[string, (e: Ev) => boolean]> = [
      [
        `category_id_in=${sample.categories[0]!.id},999`,
        (e) => e.categories.some((c) => c.id === sample.categories[0]!.id),
      ],
      [`hall_id_in=${sample.hall!.id}`, (e) => e.hall?.id === sample.hall!.id],
      [`place_id_in=${sample.place.id}`, (e) => e.place.id === sample.place.id],
      [`location_id_in=${sample.location.id}`, (e) => e.location.id === sample.location.id],
      [`person_id_in=${sample.persons[0]!.id}`, (e) => e.persons.some((p) => p.id === sample.persons[0]!.id)],
      [`label_id_in=3`, (e) => e.labels.some((l) => l.id === 3)],
      [`id_in=${sample.id},1,2`, (e) => [sample.id, 1, 2].includes(e.id)],
    ];
    for (const [q, pred] of cases) {
      const page = await get(`/v1/events?date_type=all&page_size=100&${q}`);
      const expected = all
        .filter(pred)
        .map((e) => e.id)
        .sort((a, b) => a - b);
      assert.deepEqual(
        ids(page).sort((a, b) => a - b),
        expected,
        q,
      );
      assert.ok(expected.length > 0, q);
    }
  });

  it("a bare started_lte date covers that whole UAE day; started_gte is inclusive", async () => {
    const e = all.find((x) => x.started_at.slice(11, 13) >= "18")!;
    const day = e.started_at.slice(0, 10);
    const sameDay = await get(`/v1/events?date_type=all&page_size=100&started_gte=${day}&started_lte=${day}`);
    assert.ok(ids(sameDay).includes(e.id));
    assert.ok(sameDay.results.every((x) => x.started_at.slice(0, 10) === day));
    const exact = await get(
      `/v1/events?date_type=all&page_size=100&started_gte=${encodeURIComponent(e.started_at)}&started_lte=${encodeURIComponent(e.started_at)}`,
    );
    assert.ok(ids(exact).includes(e.id));
    // a date-time without an offset is UAE time
    const local = e.started_at.slice(0, 19);
    assert.ok(
      ids(await get(`/v1/events?date_type=all&page_size=100&started_gte=${local}&started_lte=${local}`)).includes(e.id),
    );
    const after = new Date(ms(e.started_at) + 60_000).toISOString();
    assert.ok(!ids(await get(`/v1/events?date_type=all&page_size=100&started_gte=${after}`)).includes(e.id));
  });

  it("search looks at title, place and persons", async () => {
    const byTitle = await get("/v1/events?date_type=all&search=sandstorm");
    assert.ok(ids(byTitle).includes(1));
    const byPlace = await get(`/v1/events?date_type=all&page_size=100&search=${encodeURIComponent("coca-cola")}`);
    assert.ok(byPlace.results.length > 0 && byPlace.results.every((e) => e.place.title === "Coca-Cola Arena"));
    const byPerson = await get(`/v1/events?date_type=all&page_size=100&search=${encodeURIComponent("nova rae")}`);
    assert.ok(
      byPerson.results.length >= 2 &&
        byPerson.results.every((e) => e.persons.some((p) => p.title.includes("Nova Rae"))),
    );
    const ru = await get(`/v1/events?date_type=all&lang=ru&search=${encodeURIComponent("ЛЕЙЛА")}`);
    assert.ok(ru.count >= 3, "Russian, case-insensitive");
    const ar = await get(`/v1/events?date_type=all&lang=ar&search=${encodeURIComponent("ليلى")}`);
    assert.ok(ar.count >= 3, "Arabic");
    assert.ok(
      (await get(`/v1/events?date_type=all&lang=en&search=${encodeURIComponent("ليلى")}`)).count >= 3,
      "any of the three languages",
    );
    assert.equal((await get("/v1/events?date_type=all&search=zzzznothing")).count, 0);
  });

  it("sorts by started_at, title and popularity, both ways", async () => {
    const asc = (await get("/v1/events?date_type=all&page_size=100")).results.map((e) => ms(e.started_at));
    assert.deepEqual(
      asc,
      [...asc].sort((a, b) => a - b),
    );
    const desc = (await get("/v1/events?date_type=all&page_size=100&sort_on=desc")).results.map((e) =>
      ms(e.started_at),
    );
    assert.deepEqual(
      desc,
      [...desc].sort((a, b) => b - a),
    );
    const titles = (await get("/v1/events?date_type=all&page_size=100&sort_by=title")).results.map((e) => e.title);
    const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    assert.deepEqual(titles, [...titles].sort(collator.compare));
    const pop = (await get("/v1/events?date_type=all&page_size=100&sort_by=popularity&sort_on=desc")).results.map(
      (e) => e.id,
    );
    assert.equal(pop[0], 5, "the Grand Prix is the most popular");
  });

  it("empty values count as absent and unknown parameters are ignored", async () => {
    const plain = await get("/v1/events?page_size=100");
    const withEmpty = await get("/v1/events?page_size=100&category_id_in=&search=&started_gte=&whatever=1");
    assert.deepEqual(ids(withEmpty), ids(plain));
  });
});

describe("pagination", () => {
  it("gives absolute next/previous links that keep the query, and 404 past the end", async () => {
    const p1 = await get("/v1/events?date_type=all&page_size=10&lang=ru");
    assert.equal(p1.previous, null);
    assert.ok(p1.next);
    const next = new URL(p1.next!);
    assert.equal(next.origin, "http://api.test");
    assert.equal(next.searchParams.get("lang"), "ru");
    assert.equal(next.searchParams.get("page"), "2");
    assert.equal(next.searchParams.get("date_type"), "all");
    const p2 = await get(next.pathname + next.search);
    assert.ok(p2.previous && new URL(p2.previous).searchParams.get("page") === "1");
    assert.equal(ids(p1).filter((id) => ids(p2).includes(id)).length, 0);
    const last = Math.ceil(p1.count / 10);
    const pl = await get(`/v1/events?date_type=all&page_size=10&page=${last}`);
    assert.equal(pl.next, null);
    assert.equal((await app.inject(`/v1/events?date_type=all&page_size=10&page=${last + 1}`)).statusCode, 404);
    assert.equal((await app.inject("/v1/news?page=99")).statusCode, 404);
  });

  it("defaults to 20 and caps page_size at 100", async () => {
    assert.equal((await get("/v1/events?date_type=all")).results.length, 20);
    const big = await get("/v1/events?date_type=all&page_size=1000");
    assert.equal(big.results.length, Math.min(100, all.length));
  });

  it("an empty result is one empty page, not a 404", async () => {
    const none = await get("/v1/events?id_in=999999");
    assert.deepEqual([none.count, none.next, none.previous, none.results.length], [0, null, null, 0]);
  });
});

describe("languages", () => {
  it("translates every text field and falls back to English per field", async () => {
    const en = (await get("/v1/events?id_in=1")).results[0]!;
    const ru = (await get("/v1/events?id_in=1&lang=ru")).results[0]!;
    const ar = (await get("/v1/events?id_in=1&lang=ar")).results[0]!;
    assert.notEqual(ru.title, en.title);
    assert.match(ru.title + ru.place.title, /[а-яё]/i);
    assert.match(ar.title, /[\u0600-\u06ff]/);
    assert.match(ar.place.title, /[\u0600-\u06ff]/);
    // event 36 has no Arabic short description: it falls back to English, never null
    const en36 = (await get("/v1/events?id_in=36&date_type=all")).results[0]!;
    const ar36 = (await get("/v1/events?id_in=36&date_type=all&lang=ar")).results[0]!;
    assert.equal(ar36.short_description, en36.short_description);
    assert.match(ar36.title, /[\u0600-\u06ff]/);
  });
});

describe("bad parameters", () => {
  const bad = [
    "/v1/events?category_id_in=1,x",
    "/v1/events?id_in=-1",
    "/v1/events?page=0",
    "/v1/events?page=abc",
    "/v1/events?page_size=0",
    "/v1/events?lang=de",
    "/v1/events?started_gte=tomorrow",
    "/v1/events?started_lte=2026-02-30",
    "/v1/events?date_type=future",
    "/v1/events?sort_by=price",
    "/v1/events?sort_on=up",
    `/v1/events?search=${"x".repeat(201)}`,
    "/v1/places?location_id_in=a",
    "/v2/events_prices?event_source_id_in=1,x&currency_code=AED&source_id=2",
    "/v2/events_prices?event_source_id_in=10001&source_id=2",
    "/v2/events_prices?event_source_id_in=10001&currency_code=XYZ&source_id=2",
    "/v2/events_prices?event_source_id_in=10001&currency_code=AED",
    "/v2/dates_prices?currency=AED&source_id=2",
    "/v2/dates_prices?event_source_id=x&currency=AED&source_id=2",
    "/v2/dates_prices?event_source_id=10001&currency=AED&source_id=1",
  ];
  for (const url of bad) {
    it(`400 for ${url.slice(0, 80)}`, async () => {
      const res = await app.inject(url);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(typeof json<{ detail: string }>(res).detail, "string");
    });
  }
  it("404 for unknown ids and paths", async () => {
    assert.equal((await app.inject("/v2/landings/2")).statusCode, 404);
    assert.equal((await app.inject("/v2/landings/abc")).statusCode, 404);
    assert.equal(
      (await app.inject("/v2/dates_prices?event_source_id=424242&currency=AED&source_id=2")).statusCode,
      404,
    );
    assert.equal((await app.inject("/v1/nothing")).statusCode, 404);
  });
});

describe("live prices", () => {
  it("events_prices: one entry per known id, in the currency asked, null when nothing is on sale", async () => {
    const prices = json<
      Array<{ id: number; min_price: number | null; max_price: number | null; currency_code: string }>
    >(await app.inject("/v2/events_prices?event_source_id_in=10001,10019,10020,999&currency_code=usd&source_id=2"));
    assert.deepEqual(
      prices.map((p) => p.id),
      [10001, 10019, 10020],
    );
    const p1 = prices[0]!;
    assert.equal(p1.currency_code, "USD");
    assert.equal(p1.min_price, Math.round(195 * 0.2723 * 100) / 100);
    assert.equal(p1.max_price, Math.round(950 * 0.2723 * 100) / 100);
    assert.equal(prices[1]!.min_price, null, "sold out");
    assert.equal(prices[2]!.min_price, null, "cancelled");
  });

  it("dates_prices: sessions earliest first, with offers in the currency asked", async () => {
    const sessions = json<
      Array<{
        started_at: string;
        tickets: Array<{ id: number; price: number; currency_code: string; available: number }>;
      }>
    >(await app.inject("/v2/dates_prices?event_source_id=10008&currency=RUB&source_id=2"));
    assert.equal(sessions.length, 5);
    const starts = sessions.map((s) => ms(s.started_at));
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => a - b),
    );
    assert.ok(sessions.every((s) => s.tickets.length === 3 && s.tickets.every((t) => t.currency_code === "RUB")));
    assert.equal(sessions[0]!.tickets[0]!.price, Math.round(150 * 21.9 * 100) / 100);
    const soldOut = json<Array<{ tickets: Array<{ available: number }> }>>(
      await app.inject("/v2/dates_prices?event_source_id=10019&currency=AED&source_id=2"),
    );
    assert.ok(soldOut[0]!.tickets.every((t) => t.available === 0));
  });
});

describe("dates in filters", () => {
  it("reads an unencoded +04:00 (a space after form decoding) as the offset it was", async () => {
    const e = all.find((x) => x.started_at.slice(11, 13) >= "18")!;
    const page = await get(
      `/v1/events?date_type=all&page_size=100&started_gte=${e.started_at}&started_lte=${e.started_at}`,
    );
    assert.ok(ids(page).includes(e.id));
  });
  it("reads Z and other offsets", async () => {
    const e = all[5]!;
    const utc = new Date(ms(e.started_at)).toISOString();
    assert.ok(
      ids(await get(`/v1/events?date_type=all&page_size=100&started_gte=${utc}&started_lte=${utc}`)).includes(e.id),
    );
  });
});

describe("sample texts", () => {
  it("are written in Russian and Arabic, not left in English (event 36's Arabic short text is the one planned fallback)", async () => {
    const script = { ru: /[а-яё]/i, ar: /[\u0600-\u06ff]/ } as const;
    for (const lang of ["ru", "ar"] as const) {
      const events = json<{
        results: Array<{ id: number; title: string; short_description: string; description: string }>;
      }>(await app.inject(`/v1/events?date_type=all&page_size=100&lang=${lang}`)).results;
      for (const e of events) {
        assert.match(e.description, script[lang], `event ${e.id} description in ${lang}`);
        if (!(lang === "ar" && e.id === 36))
          assert.match(e.short_description, script[lang], `event ${e.id} short in ${lang}`);
      }
      const places = json<{ results: Array<{ id: number; address: string; description: string }> }>(
        await app.inject(`/v1/places?page_size=100&lang=${lang}`),
      ).results;
      for (const p of places) assert.match(p.address + p.description, script[lang], `place ${p.id} in ${lang}`);
      const news = json<{ results: Array<{ id: number; title: string; lead: string; body: string }> }>(
        await app.inject(`/v1/news?page_size=100&lang=${lang}`),
      ).results;
      for (const n of news)
        for (const text of [n.title, n.lead, n.body]) assert.match(text, script[lang], `news ${n.id} in ${lang}`);
      const persons = json<{ results: Array<{ id: number; description: string }> }>(
        await app.inject(`/v1/persons?page_size=100&lang=${lang}`),
      ).results;
      for (const p of persons) assert.match(p.description, script[lang], `person ${p.id} in ${lang}`);
    }
  });
});

describe("dates_prices in a language (catalogue 1.1)", () => {
  it("names ticket categories in the requested language and refuses an unknown one", async () => {
    const titles = async (lang: string) =>
      json<Array<{ tickets: Array<{ title: string }> }>>(
        await app.inject(`/v2/dates_prices?event_source_id=10001&currency=AED&source_id=2&lang=${lang}`),
      ).flatMap((s) => s.tickets.map((t) => t.title));
    assert.match((await titles("ru")).join(" "), /[а-яё]/i);
    assert.match((await titles("ar")).join(" "), /[\u0600-\u06ff]/);
    assert.doesNotMatch((await titles("en")).join(" "), /[а-яё\u0600-\u06ff]/i);
    const bad = await app.inject("/v2/dates_prices?event_source_id=10001&currency=AED&source_id=2&lang=xx");
    assert.equal(bad.statusCode, 400);
  });
});
