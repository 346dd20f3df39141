/** The checkout draft: kept across pages in the tab's storage, read back safely, cleared once placed. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { clearDraft, DRAFT_STORAGE_KEY, readDraft, saveDraft } from "../../src/checkout/checkout-draft";
import { MemoryStorage, RefusingStorage } from "./support/memory-storage";

describe("checkout draft", () => {
  it("keeps what was typed and the way to pay chosen, and gives it back", () => {
    const storage = new MemoryStorage();
    saveDraft(storage, { name: "ليلى حداد", email: "layla@example.ae", phone: "", acquisitionId: 2 });
    assert.deepEqual(readDraft(storage), { name: "ليلى حداد", email: "layla@example.ae", phone: "", acquisitionId: 2 });
  });

  it("an empty form keeps nothing, and a placed order clears it", () => {
    const storage = new MemoryStorage();
    saveDraft(storage, { name: "", email: "", phone: "", acquisitionId: null });
    assert.equal(storage.data.size, 0);
    saveDraft(storage, { name: "Omar", email: "", phone: "", acquisitionId: null });
    clearDraft(storage);
    assert.equal(readDraft(storage), null);
  });

  it("reads whatever is stored without trusting it", () => {
    const storage = new MemoryStorage();
    storage.setItem(DRAFT_STORAGE_KEY, "{not json");
    assert.equal(readDraft(storage), null);
    storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ name: 5, email: "a@b.ae", acquisitionId: "1" }));
    assert.deepEqual(readDraft(storage), { name: "", email: "a@b.ae", phone: "", acquisitionId: null });
  });

  it("storage that refuses does not break the form", () => {
    const broken = new RefusingStorage();
    assert.equal(readDraft(broken), null);
    saveDraft(broken, { name: "x", email: "", phone: "", acquisitionId: null });
    clearDraft(broken);
  });
});
