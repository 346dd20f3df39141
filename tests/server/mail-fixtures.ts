/**
 * Orders for the e-mail tests as the server reports them, on real sample events (so venue
 * and address resolve): a paid order with two sessions of one event and a payment fee, and
 * an order still waiting for a bank transfer.
 */
import { before } from "node:test";
import type { CatalogueData } from "../../server/src/catalogue/catalogue-repository";
import { CatalogueService } from "../../server/src/catalogue/catalogue-service";
import { type Database, openDatabase } from "../../server/src/db/database";
import type { WireOrder } from "../../server/src/mail/compose";
import { seedSample } from "../../server/src/seed/seed-sample";
import { assertSchema } from "./helpers";

export type MailLang = "en" | "ru" | "ar";

/** What the mail needs of the catalogue: its data. */
export type SampleCatalogue = { data: CatalogueData };

/**
 * The sample catalogue in a database of its own, read before the file's tests run (its `data` is
 * there from the first test on); close it after them.
 */
export function sampleCatalogue(): { catalogue: SampleCatalogue; close: () => Promise<void> } {
  const catalogue = {} as SampleCatalogue;
  let db: Database | undefined;
  before(async () => {
    db = await openDatabase(":memory:");
    await seedSample(db);
    catalogue.data = (await CatalogueService.open(db, "http://api.test")).data;
  });
  return { catalogue, close: async () => db?.close() };
}

/** An event of the sample that is still to come (else the first), with its venue. */
export function sampleEvent(catalogue: SampleCatalogue) {
  const event =
    catalogue.data.events.find((e) => e.status === "on_sale" && e.startedAt > Date.now()) ?? catalogue.data.events[0]!;
  return { event, place: catalogue.data.places.get(event.placeId)! };
}

/**
 * An order as the server reports it, checked against the contract: created and paid on
 * 26 November 2026 unless `wire` says otherwise.
 */
export function reportedOrder(
  wire: Omit<WireOrder, "created_at" | "expires_at" | "paid_at"> & Partial<WireOrder>,
): WireOrder {
  const order: WireOrder = {
    created_at: "2026-11-26T10:00:00+04:00",
    expires_at: null,
    paid_at: "2026-11-26T10:01:00+04:00",
    ...wire,
  };
  assertSchema("basket", "Order", order);
  return order;
}

const CATEGORY: Record<MailLang, [string, string]> = {
  en: ["Adult", "Child"],
  ru: ["Взрослый", "Детский"],
  ar: ["بالغ", "طفل"],
};

/** Paid in USD: 2 Adult tickets on the first session, 1 Child on the second, a 2.5 % payment fee. */
export function paidOrder(catalogue: SampleCatalogue, lang: MailLang, over: Partial<WireOrder> = {}): WireOrder {
  const { event, place } = sampleEvent(catalogue);
  const first = new Date(event.startedAt).toISOString();
  const second = new Date(event.startedAt + 2 * 86_400_000).toISOString();
  const [adult, child] = CATEGORY[lang];
  return reportedOrder({
    id: `id-${lang}-paid`,
    number: "UAE-UH4HQA",
    status: "paid",
    email: "buyer@example.com",
    name: "Layla Haddad",
    phone: "+971501234567",
    lang,
    currency_code: "USD",
    events: [
      {
        event: {
          id: event.id,
          event_source_id: event.eventSourceId,
          title: event.title[lang] ?? event.title.en,
          started_at: first,
          place: { id: place.id, title: place.title[lang] ?? place.title.en },
        },
        tickets: [
          { id: 1, title: adult, price: 120.5, count: 2, started_at: first, extra: { service_fee: 6 } },
          { id: 2, title: child, price: 80, count: 1, started_at: second, extra: { service_fee: 4 } },
        ],
      },
    ],
    total: { price: 321, service_fee: 16, payment_fee: 8.43, amount: 345.43, count: 3 },
    acquisition_id: 1,
    tickets: [
      { code: "UAE-K7M2-P9QX", event_id: event.id, ticket_id: 1, title: adult, started_at: first },
      { code: "UAE-R4T8-W3ZN", event_id: event.id, ticket_id: 1, title: adult, started_at: first },
      { code: "UAE-H6J9-C2VB", event_id: event.id, ticket_id: 2, title: child, started_at: second },
    ],
    ...over,
  });
}

/** The same order placed for a bank transfer and not paid yet, by a buyer who typed `name`. */
export function bankOrder(catalogue: SampleCatalogue, lang: MailLang, name: string): WireOrder {
  return paidOrder(catalogue, lang, {
    id: `id-${lang}-bank`,
    status: "awaiting_payment",
    name,
    acquisition_id: 3,
    tickets: [],
    paid_at: null,
    expires_at: "2026-11-28T10:00:00+04:00",
  });
}
