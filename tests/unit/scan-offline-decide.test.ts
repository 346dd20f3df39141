/**
 * The scanner's answer without a network (src/scan/offline-decide.ts) for printed codes: found
 * when typed with Arabic-Indic digits, and "not valid yet" says from when.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decideOffline, type OfflineData } from "../../src/scan/offline-decide";

const VALID_FROM = "2026-12-12T14:00:00+04:00";
const DATA: OfflineData = {
  generated_at: "2026-12-12T10:00:00+04:00",
  list: {
    id: 1,
    event_id: 7,
    name: "Beach Gate",
    session_ids: null,
    category_ids: null,
    reentry: false,
    closed: false,
  },
  keys: [],
  revoked: [],
  tickets: [
    {
      id: 11,
      code: "UAE-7K3M9-Q2W4E",
      name: "Omar Door",
      order_number: "UAE-HTU88N",
      category: "Day pass",
      category_id: 3,
      session_id: 5,
      valid_from: VALID_FROM,
      valid_to: "2026-12-13T02:00:00+04:00",
      admitted_at: null,
    },
  ],
  counts: { admitted: 0, expected: 1 },
};

describe("the scanner without a network", () => {
  const during = Date.parse("2026-12-12T20:00:00+04:00");

  it("finds a code typed with Arabic-Indic or Persian digits", () => {
    assert.equal(decideOffline("UAE-٧K٣M٩-Q٢W٤E", DATA, {}, during).status, "admitted");
    assert.equal(decideOffline("uae ۷k۳m۹ q۲w۴e", DATA, {}, during).status, "admitted");
  });

  it("says from when a ticket that is not valid yet admits", () => {
    const early = decideOffline("UAE-7K3M9-Q2W4E", DATA, {}, Date.parse("2026-12-12T09:00:00+04:00"));
    assert.equal(early.status, "not_yet_valid");
    assert.equal(early.validFrom, new Date(VALID_FROM).toISOString());
    assert.equal(decideOffline("UAE-7K3M9-Q2W4E", DATA, {}, during).validFrom, null);
  });
});
