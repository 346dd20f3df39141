import type { Db } from "../db/database";
import { UAE_OFFSET_MS, uaeDayAt } from "../lib/time";
import { catalogueWriter, markSeeded, para, prng, serviceFeeAed } from "./catalogue-writer";
import { EVENTS, NEWS } from "./sample-events";
import { PERSONS, PLACES, TIERS, type Tr } from "./sample-reference";

const HOUR = 3600_000;

/** The event id offset of event_source_id, so that a client mixing the two ids is caught. */
export const EVENT_SOURCE_OFFSET = 10_000;

function eventDescription(about: Tr, age: number | null | undefined): Tr {
  const ageLine: Tr =
    age && age > 0
      ? { en: `Age limit: ${age}+.`, ru: `Возрастное ограничение: ${age}+.`, ar: `الحد الأدنى للعمر: ${age}+.` }
      : { en: "Suitable for all ages.", ru: "Без возрастных ограничений.", ar: "مناسب لجميع الأعمار." };
  return {
    en: `<p>${about.en}</p><ul><li>Doors open one hour before the start.</li><li>${ageLine.en}</li></ul><p><strong>E-tickets</strong> arrive by email: show them on your phone at the entrance. <a href="/guarantee/">Our guarantee</a> covers every ticket.</p>`,
    ru: `<p>${about.ru}</p><ul><li>Вход открывается за час до начала.</li><li>${ageLine.ru}</li></ul><p><strong>Электронные билеты</strong> придут на почту — покажите их на входе с телефона. Каждый билет защищён <a href="/ru/guarantee/">нашей гарантией</a>.</p>`,
    ar: `<p>${about.ar}</p><ul><li>تُفتح الأبواب قبل ساعة من البداية.</li><li>${ageLine.ar}</li></ul><p>تصل <strong>التذاكر الإلكترونية</strong> بالبريد الإلكتروني، فاعرضها من هاتفك عند المدخل. تشمل <a href="/ar/guarantee/">ضمانتنا</a> كل تذكرة.</p>`,
  };
}

/** Days to add to `day` (from `now`, UAE) so that it falls on `weekday`; 0 when none is asked. */
export function daysUntilWeekday(now: number, day: number, weekday: number | undefined): number {
  if (weekday === undefined) return 0;
  const dow = new Date(uaeDayAt(now, day, 12, 0) + UAE_OFFSET_MS).getUTCDay();
  return (weekday - dow + 7) % 7;
}

/** Fills an empty database with the hand-written trilingual sample catalogue, dated from `now`. */
export async function seedSample(db: Db, opts: { now?: number } = {}): Promise<void> {
  const now = opts.now ?? Date.now();
  const w = catalogueWriter(db);
  const rand = prng(20261201);
  await db.withTransaction(async () => {
    await w.reference();
    const hallIds = new Map<number, number[]>();
    for (const p of PLACES) {
      await w.place({
        id: p.id,
        location: p.location,
        title: p.title,
        address: p.address,
        description: para(p.about),
        lat: p.lat,
        lng: p.lng,
        imageId: p.image ? await w.image("places", p.id) : null,
        updatedAt: now - 40 * 24 * HOUR + p.id * HOUR,
      });
      const halls: number[] = [];
      for (const h of p.halls) halls.push(await w.hall(p.id, h));
      hallIds.set(p.id, halls);
    }
    for (const p of PERSONS) {
      await w.person({
        id: p.id,
        title: p.title,
        description: para(p.about),
        imageId: p.image ? await w.image("persons", p.id) : null,
        updatedAt: now - 20 * 24 * HOUR + p.id * HOUR,
      });
    }
    for (const e of EVENTS) {
      const [hh, mm] = e.time.split(":").map(Number) as [number, number];
      const [count, every] = e.sessions ?? [1, 1];
      const hours = e.hours ?? 2.5;
      const status = e.status ?? "on_sale";
      const tiers = TIERS[e.tiers];
      const hall = e.hall === null ? null : (hallIds.get(e.place)?.[e.hall] ?? null);
      const labels = [...(e.labels ?? [])];
      await w.event({
        id: e.id,
        eventSourceId: EVENT_SOURCE_OFFSET + e.id,
        title: e.title,
        short: e.short,
        description: eventDescription(e.about, e.age),
        placeId: e.place,
        hallId: hall,
        imageId: e.image === false ? null : await w.image("events", e.id),
        age: e.age ?? null,
        status,
        popularity: e.popularity,
        updatedAt: now - (e.id % 9) * HOUR,
        categories: e.categories,
        persons: e.persons,
        labels: labels.filter((l, i) => labels.indexOf(l) === i),
      });
      const firstDay = e.day + daysUntilWeekday(now, e.day, e.weekday);
      for (let i = 0; i < count; i++) {
        const start = uaeDayAt(now, firstDay + i * every, hh, mm);
        const sessionId = await w.session(e.id, start, start + hours * HOUR);
        for (const [position, [title, price, total]] of tiers.entries()) {
          // a few offers are nearly or wholly sold, so that buyers meet every state
          let sold = Math.floor(total * rand() * 0.6);
          if (status === "sold_out") sold = total;
          else if (e.id === 13 && position === 1) sold = total;
          else if (e.id === 1 && position === 2) sold = total - 4;
          await w.ticket({
            sessionId,
            eventId: e.id,
            title,
            priceAed: price,
            feeAed: serviceFeeAed(price),
            total,
            sold,
            maxPerOrder: position === tiers.length - 1 && tiers.length > 2 ? 4 : 10,
            position,
          });
        }
      }
    }
    for (const n of NEWS) {
      const published = uaeDayAt(now, -n.daysAgo, 9, 30);
      await w.news({
        id: n.id,
        title: n.title,
        lead: n.lead,
        body: para(n.body),
        publishedAt: published,
        imageId: n.image ? await w.image("news", n.id) : null,
        updatedAt: published + HOUR,
        events: n.events,
      });
    }
    await markSeeded(db, "sample", now);
  });
}
