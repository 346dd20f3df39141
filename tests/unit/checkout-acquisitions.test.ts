import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  acceptsCurrency,
  acquisitionsForCurrency,
  defaultAcquisitionId,
  paysOnline,
} from "../../src/checkout/acquisitions";
import type { Acquisition } from "../../src/core/catalogue";

function acquisition(id: number, type: Acquisition["type"], currencies: string[]): Acquisition {
  return { id, title: `way ${id}`, type, currencies, feePercent: null, description: null };
}

const offered = [
  acquisition(1, "card", ["AED", "USD"]),
  acquisition(2, "bank_transfer", ["aed"]),
  acquisition(3, "card", ["RUB"]),
  acquisition(4, "cash", ["Aed", "EUR"]),
];

describe("ways to pay for a currency", () => {
  it("keeps those that accept the currency, whatever the case on either side", () => {
    assert.deepEqual(
      acquisitionsForCurrency(offered, "AED").map((a) => a.id),
      [1, 2, 4],
    );
    assert.deepEqual(
      acquisitionsForCurrency(offered, "aed").map((a) => a.id),
      [1, 2, 4],
    );
    assert.deepEqual(
      acquisitionsForCurrency(offered, "rub").map((a) => a.id),
      [3],
    );
  });
  it("offers nothing for a currency no one accepts, or no currency", () => {
    assert.deepEqual(acquisitionsForCurrency(offered, "JPY"), []);
    assert.equal(acceptsCurrency(offered[0]!, ""), false);
  });
  it("keeps the catalogue's order", () => {
    assert.deepEqual(
      acquisitionsForCurrency(offered, "EUR").map((a) => a.id),
      [4],
    );
  });
});

describe("which way to preselect", () => {
  it("keeps the visitor's choice while it is still offered", () => {
    assert.equal(defaultAcquisitionId(acquisitionsForCurrency(offered, "AED"), 4), 4);
  });
  it("falls back to the first online way when the choice is gone", () => {
    assert.equal(defaultAcquisitionId(acquisitionsForCurrency(offered, "AED"), 3), 1);
    assert.equal(defaultAcquisitionId([acquisition(2, "bank_transfer", ["AED"]), acquisition(5, "card", ["AED"])]), 5);
  });
  it("takes a later-paid way when it is all there is, and nothing from nothing", () => {
    assert.equal(defaultAcquisitionId([acquisition(2, "bank_transfer", ["AED"])]), 2);
    assert.equal(defaultAcquisitionId([]), null);
  });
  it("card, Apple Pay and Google Pay are paid on the site; bank transfer and cash later", () => {
    assert.deepEqual((["card", "apple_pay", "google_pay", "bank_transfer", "cash"] as const).map(paysOnline), [
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
