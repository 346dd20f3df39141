/**
 * A tiny in-test HTTP stand-in for the catalogue (node:http on port 0): each test says how
 * to answer and reads back what was asked.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { after } from "node:test";

export interface StubRequest {
  method: string;
  url: string;
  at: number;
}

export type StubHandler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

export interface CatalogueStub {
  baseUrl: string;
  requests: StubRequest[];
  close(): Promise<void>;
}

export async function startStub(handler: StubHandler): Promise<CatalogueStub> {
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? "GET", url: req.url ?? "/", at: Date.now() });
    handler(req, res, requests.length);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `startStub` for one test file: every stub it starts is closed when the file's tests end,
 * so no test has to remember to.
 */
export function stubsForThisFile(): (handler: StubHandler) => Promise<CatalogueStub> {
  const stubs: CatalogueStub[] = [];
  after(async () => {
    await Promise.all(stubs.map((s) => s.close()));
  });
  return async (handler) => {
    const s = await startStub(handler);
    stubs.push(s);
    return s;
  };
}

/** A port nobody listens on (a dead catalogue). */
export async function deadPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A list page as the contract shapes it. */
export function wirePage(results: unknown[], next: string | null = null, count = results.length) {
  return { count, next, previous: null, results };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export function wireEvent(id: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    event_source_id: 1000 + id,
    title: `Event ${id}`,
    short_description: null,
    description: "<p>Hello</p><script>alert(1)</script>",
    started_at: "2026-12-12T20:00:00+04:00",
    finished_at: "2026-12-12T23:00:00+04:00",
    place: { id: 1, title: "Coca-Cola Arena" },
    hall: null,
    location: { id: 1, title: "Dubai" },
    categories: [{ id: 2, title: "Concerts", type_id: 1 }],
    persons: [{ id: 5, title: "Singer" }],
    labels: [{ id: 3, title: "Star cast" }],
    image: { url: "https://img.example/1.jpg", width: 1200, height: 630 },
    age_limit: 18,
    status: "on_sale",
    min_price: 150,
    currency_code: "AED",
    updated_at: "2026-11-01T10:00:00+04:00",
    ...overrides,
  };
}

export function wirePlace(id: number): Record<string, unknown> {
  return {
    id,
    title: `Place ${id}`,
    address: "Street 1",
    description: null,
    location: { id: 1, title: "Dubai" },
    latitude: 25.2,
    longitude: 55.3,
    halls: [],
    image: null,
    updated_at: "2026-11-01T10:00:00+04:00",
  };
}

/** Landing 1 of a small conforming catalogue in three languages. */
export const WIRE_LANDING = {
  id: 1,
  site_url: "https://tickets.example",
  languages: ["en", "ru", "ar"],
  currencies: [{ code: "AED", symbol: "AED", title: "Dirham" }],
  ui_config_show_currencies: false,
};

/**
 * Everything of a small conforming catalogue but the events, which each test serves its own
 * way: the landing, one place, one performer, no news, one way to pay, one date with events
 * (2026-12-12) and one value of every facet; anything else is a 404.
 */
export function answerRestOfCatalogue(res: ServerResponse, url: URL) {
  const lang = url.searchParams.get("lang") ?? "en";
  const list = (results: unknown[]) => sendJson(res, 200, wirePage(results));
  switch (url.pathname) {
    case "/v2/landings/1":
      return sendJson(res, 200, WIRE_LANDING);
    case "/v1/places":
      return list([wirePlace(1)]);
    case "/v1/persons":
      return list([{ id: 5, title: `Singer ${lang}`, updated_at: "2026-11-01T10:00:00+04:00" }]);
    case "/v1/news":
      return list([]);
    case "/v2/acquisitions":
      return list([{ id: 1, title: "Card", type: "card", currencies: ["AED"] }]);
    case "/v1/events_dates":
      return sendJson(res, 200, { results: [{ date: "2026-12-12", events_count: 3 }] });
    default:
      if (url.pathname.startsWith("/v1/events_")) return sendJson(res, 200, { results: [{ id: 1, title: "Facet" }] });
      return sendJson(res, 404, { detail: "not found" });
  }
}
