/** Dated lists put the events already on when the chosen days begin before those starting in them. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { EventFilter, EventSummary } from "../../src/core/catalogue";
import type { PageOf } from "../../src/core/reshape";
import { listEventsOnDuring, runningFilter } from "../../src/search/running-events";

const event = (id: number, startedAt: string, finishedAt: string | null) =>
  ({ id, startedAt, finishedAt }) as EventSummary;

const FESTIVAL = event(7, "2026-11-24T16:00:00+04:00", "2026-11-30T16:00:00+04:00");
const ENDED_FRIDAY = event(8, "2026-11-25T10:00:00+04:00", "2026-11-27T22:00:00+04:00");
const SATURDAY_SHOW = event(9, "2026-11-28T20:00:00+04:00", null);

/** A catalogue that answers by start date, as the contract's started_gte and started_lte do. */
function catalogue(events: EventSummary[]) {
  const asked: EventFilter[] = [];
  const list = async (filter: EventFilter): Promise<PageOf<EventSummary>> => {
    asked.push(filter);
    const day = (e: EventSummary) => e.startedAt.slice(0, 10);
    const to = filter.date_lte ?? filter.date_gte;
    const hits = events.filter(
      (e) => (!filter.date_gte || day(e) >= filter.date_gte) && (to === undefined || day(e) <= to),
    );
    return { count: hits.length, next: null, results: hits };
  };
  return { list, asked };
}

describe("a dated list's first page", () => {
  it("adds the events still on when the range begins, first, and counts them", async () => {
    const { list } = catalogue([FESTIVAL, ENDED_FRIDAY, SATURDAY_SHOW]);
    const weekend = await listEventsOnDuring(list, { date_gte: "2026-11-28", date_lte: "2026-11-29", page: 1 }, "en");
    assert.deepEqual(
      weekend.results.map((e) => e.id),
      [7, 9],
      "the festival runs into the weekend; Friday's has ended",
    );
    assert.equal(weekend.count, 2);
  });

  it("asks for events begun before the range, active, with the other filters kept", () => {
    assert.deepEqual(runningFilter({ date_gte: "2026-11-26", date_lte: "2026-11-26", cities: [2], page: 1 }), {
      date_gte: undefined,
      date_lte: "2026-11-25",
      cities: [2],
      date_type: "active",
      sort_by: "started_at",
      sort_on: "asc",
      page: 1,
      page_size: 100,
    });
    assert.equal(runningFilter({ cities: [2] }), null, "no range, nothing to add");
  });

  it("leaves later pages and undated lists to the catalogue alone", async () => {
    const { list, asked } = catalogue([FESTIVAL, SATURDAY_SHOW]);
    await listEventsOnDuring(list, { date_gte: "2026-11-28", page: 2 }, "en");
    await listEventsOnDuring(list, { page: 1 }, "en");
    assert.equal(asked.length, 2, "one request each");
  });
});
