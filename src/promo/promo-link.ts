/**
 * A promo code carried by a link (`?promo=SPRING10` on any page) is kept in sessionStorage, like
 * the campaign data, until the basket has entered it (src/promo/promo-panel.tsx).
 */
export const PROMO_STORAGE_KEY = "promo";

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Records the link's code; a page without one leaves what the session already has. */
export function capturePromo(search: string, storage: StorageLike): void {
  const code = new URLSearchParams(search).get("promo")?.trim().slice(0, 64);
  if (!code) return;
  try {
    storage.setItem(PROMO_STORAGE_KEY, code);
  } catch {
    // storage disabled: the visitor can still type the code
  }
}

/** The code a link brought and the basket has not entered yet, or null. */
export function pendingPromo(storage: StorageLike): string | null {
  try {
    return storage.getItem(PROMO_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function forgetPromo(storage: StorageLike): void {
  try {
    storage.removeItem(PROMO_STORAGE_KEY);
  } catch {
    // nothing to forget
  }
}
