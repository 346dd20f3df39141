import type { Db } from "../db/database";
import { uaeDayAt } from "../lib/time";
import { catalogueWriter, markSeeded, para, prng, serviceFeeAed } from "./catalogue-writer";
// the words generated names are made of, in three languages: data, in data/scale-words.json
import words from "./data/scale-words.json";
import { CATEGORIES, LOCATIONS, TIERS, type TierKind, type Tr } from "./sample-reference";
import { EVENT_SOURCE_OFFSET } from "./seed-sample";

const HOUR = 3600_000;
const t = (en: string, ru: string, ar: string): Tr => ({ en, ru, ar });

const VENUE_WORDS = words.venueWords as Tr[];
const VENUE_KINDS = words.venueKinds as Array<[Tr, TierKind]>;
const FIRST = words.firstNames as Tr[];
const LAST = words.lastNames as Tr[];
const SHOW_WORDS = words.showWords as Tr[];
const KIND_OF_TYPE: Record<number, TierKind> = {
  1: "arena",
  2: "comedy",
  3: "theatre",
  4: "sport",
  5: "family",
  6: "festival",
};

const join = (a: Tr, b: Tr, n?: number): Tr => {
  const suffix = n === undefined ? "" : ` ${n}`;
  return { en: `${a.en} ${b.en}${suffix}`, ru: `${a.ru} ${b.ru}${suffix}`, ar: `${a.ar} ${b.ar}${suffix}` };
};

/**
 * Seeds an empty database with `events` generated events and proportionate places
 * (1 per 20 events), persons (1 per 10) and news (1 per 10), all trilingual, dated from `now`.
 */
export async function seedScale(
  db: Db,
  opts: { events: number; now?: number },
): Promise<{ places: number; persons: number; news: number }> {
  const now = opts.now ?? Date.now();
  const n = Math.max(1, Math.floor(opts.events));
  const placeCount = Math.max(25, Math.ceil(n / 20));
  const personCount = Math.max(13, Math.ceil(n / 10));
  const newsCount = Math.max(10, Math.ceil(n / 10));
  const rand = prng(n);
  const pickOf = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const w = catalogueWriter(db);

  await db.withTransaction(async () => {
    await w.reference();
    const placeHalls: number[][] = [];
    const placeKinds: TierKind[] = [];
    for (let id = 1; id <= placeCount; id++) {
      const [kindTitle, kind] = VENUE_KINDS[id % VENUE_KINDS.length]!;
      const word = VENUE_WORDS[Math.floor(id / VENUE_KINDS.length) % VENUE_WORDS.length]!;
      // Russian reads "Арена «Пальма» 12": kind first, the name in quotes
      const title = {
        ...join(word, kindTitle, id),
        ru: `${kindTitle.ru[0]!.toUpperCase()}${kindTitle.ru.slice(1)} «${word.ru}» ${id}`,
      };
      const loc = LOCATIONS[id % LOCATIONS.length]!;
      await w.place({
        id,
        location: loc[0],
        title,
        address: join(t(`${id} Al Wasl Rd,`, `улица Аль-Васль, ${id},`, `شارع الوصل ${id}،`), loc[1]),
        description: para(
          t(
            `A venue for ${kindTitle.en.toLowerCase()} events.`,
            `Площадка для мероприятий: ${kindTitle.ru}.`,
            `مكان لفعاليات ${kindTitle.ar}.`,
          ),
        ),
        lat: 24 + rand() * 2,
        lng: 54 + rand() * 2.3,
        imageId: id % 7 === 0 ? null : await w.image("places", id),
        updatedAt: now - 30 * 24 * HOUR,
      });
      const halls = [await w.hall(id, t("Main hall", "Главный зал", "القاعة الرئيسية"))];
      if (id % 3 === 0) halls.push(await w.hall(id, t("Small hall", "Малый зал", "القاعة الصغيرة")));
      placeHalls.push(halls);
      placeKinds.push(kind);
    }
    const personNames: Tr[] = [];
    for (let id = 1; id <= personCount; id++) {
      const name = join(
        FIRST[id % FIRST.length]!,
        LAST[Math.floor(id / FIRST.length) % LAST.length]!,
        id > FIRST.length * LAST.length ? id : undefined,
      );
      personNames.push(name);
      await w.person({
        id,
        title: name,
        description: para(
          t(
            `${name.en} performs across the Emirates.`,
            `${name.ru} выступает по всем Эмиратам.`,
            `${name.ar} يقدّم عروضه في أنحاء الإمارات.`,
          ),
        ),
        imageId: id % 6 === 0 ? null : await w.image("persons", id),
        updatedAt: now - 10 * 24 * HOUR,
      });
    }
    for (let id = 1; id <= n; id++) {
      const placeIndex = Math.floor(rand() * placeCount);
      const placeId = placeIndex + 1;
      const category = pickOf(CATEGORIES);
      const kind = KIND_OF_TYPE[category[1]] ?? placeKinds[placeIndex] ?? "theatre";
      const personId = 1 + Math.floor(rand() * personCount);
      const person = personNames[personId - 1]!;
      const title = join(person, pickOf(SHOW_WORDS));
      const day = Math.floor(rand() * 360) - 60;
      const hour = 16 + Math.floor(rand() * 6);
      const sessions = rand() < 0.25 ? 1 + Math.floor(rand() * 3) : 1;
      const r = rand();
      const status = r < 0.03 ? "cancelled" : r < 0.06 ? "sold_out" : r < 0.08 ? "postponed" : "on_sale";
      const halls = placeHalls[placeIndex]!;
      await w.event({
        id,
        eventSourceId: EVENT_SOURCE_OFFSET + id,
        title,
        short: t(
          `${category[2].en} with ${person.en}.`,
          `${category[2].ru}: ${person.ru}.`,
          `${category[2].ar} مع ${person.ar}.`,
        ),
        description: para(
          t(
            `An evening with ${person.en}. Doors open one hour before the start.`,
            `Вечер с артистом: ${person.ru}. Вход за час до начала.`,
            `أمسية مع ${person.ar}. تُفتح الأبواب قبل ساعة من البداية.`,
          ),
        ),
        placeId,
        hallId: rand() < 0.7 ? halls[Math.floor(rand() * halls.length)]! : null,
        imageId: id % 10 === 0 ? null : await w.image("events", id),
        age: rand() < 0.3 ? pickOf([6, 12, 16, 18, 21]) : null,
        status,
        popularity: Math.floor(rand() * 1000),
        updatedAt: now - Math.floor(rand() * 72) * HOUR,
        categories: [category[0]],
        persons:
          rand() < 0.3
            ? [personId, 1 + ((personId + 7) % personCount)].filter((p, i, a) => a.indexOf(p) === i)
            : [personId],
        labels: rand() < 0.1 ? [3] : [],
      });
      for (let s = 0; s < sessions; s++) {
        const start = uaeDayAt(now, day + s, hour, 0);
        const sessionId = await w.session(id, start, start + 2.5 * HOUR);
        for (const [position, [tierTitle, price, total]] of TIERS[kind].entries()) {
          await w.ticket({
            sessionId,
            eventId: id,
            title: tierTitle,
            priceAed: price,
            feeAed: serviceFeeAed(price),
            total,
            sold: status === "sold_out" ? total : Math.floor(total * rand() * 0.5),
            maxPerOrder: 10,
            position,
          });
        }
      }
    }
    for (let id = 1; id <= newsCount; id++) {
      const eventId = 1 + Math.floor(rand() * n);
      const published = now - Math.floor(rand() * 120) * 24 * HOUR;
      await w.news({
        id,
        title: t(
          `News ${id}: new dates announced`,
          `Новость ${id}: объявлены новые даты`,
          `الخبر ${id}: الإعلان عن مواعيد جديدة`,
        ),
        lead: t("Tickets are on sale now.", "Билеты уже в продаже.", "التذاكر متاحة الآن."),
        body: para(
          t(
            "More dates have been added after the first shows sold out.",
            "После аншлага на первых показах добавлены новые даты.",
            "أضيفت مواعيد جديدة بعد نفاد تذاكر العروض الأولى.",
          ),
        ),
        publishedAt: published,
        imageId: id % 4 === 0 ? null : await w.image("news", id),
        updatedAt: published,
        events: [eventId],
      });
    }
    await markSeeded(db, `scale:${n}`, now);
  });
  return { places: placeCount, persons: personCount, news: newsCount };
}
