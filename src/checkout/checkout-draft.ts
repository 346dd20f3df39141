/**
 * What the buyer has typed on the checkout, kept in sessionStorage so that a language switch
 * (a new page) or a reload does not empty the form; removed once the order is placed. Only
 * this tab sees it, and it goes with the tab.
 */
import type { BuyerFormInput } from "./buyer-form";

export const DRAFT_STORAGE_KEY = "checkout_draft";

export interface CheckoutDraft extends BuyerFormInput {
  /** the way to pay chosen, when the buyer chose one */
  acquisitionId: number | null;
}

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const field = (value: unknown): string => (typeof value === "string" ? value.slice(0, 300) : "");

/** The saved draft, or null when there is none (or it is not one: storage is the visitor's to edit). */
export function readDraft(storage: StorageLike): CheckoutDraft | null {
  try {
    const raw = storage.getItem(DRAFT_STORAGE_KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return null;
    const d = parsed as Record<string, unknown>;
    return {
      name: field(d.name),
      email: field(d.email),
      phone: field(d.phone),
      acquisitionId:
        typeof d.acquisitionId === "number" && Number.isSafeInteger(d.acquisitionId) ? d.acquisitionId : null,
    };
  } catch {
    return null;
  }
}

export function saveDraft(storage: StorageLike, draft: CheckoutDraft): void {
  try {
    const empty = draft.name === "" && draft.email === "" && draft.phone === "" && draft.acquisitionId === null;
    if (empty) storage.removeItem(DRAFT_STORAGE_KEY);
    else storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // storage full or disabled: the form still works, it is just not kept
  }
}

export function clearDraft(storage: StorageLike): void {
  try {
    storage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // nothing kept, nothing to clear
  }
}
