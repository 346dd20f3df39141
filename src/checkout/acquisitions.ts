/**
 * The ways to pay a visitor may choose at checkout: those that accept the selected
 * currency. The catalogue spells currency codes as it likes; the spec compares them
 * case-insensitively.
 */
import type { Acquisition, AcquisitionType } from "../core/catalogue";

export function acceptsCurrency(acquisition: Pick<Acquisition, "currencies">, currencyCode: string): boolean {
  const wanted = currencyCode.trim().toUpperCase();
  if (wanted === "") return false;
  return acquisition.currencies.some((code) => code.trim().toUpperCase() === wanted);
}

export function acquisitionsForCurrency<T extends Pick<Acquisition, "currencies">>(
  acquisitions: readonly T[],
  currencyCode: string,
): T[] {
  return acquisitions.filter((a) => acceptsCurrency(a, currencyCode));
}

/**
 * Ways to pay settled on our pay page through the sandbox acquirer (a card form), as
 * opposed to those that complete later, outside the site (bank transfer, cash).
 */
const PAID_ONLINE: ReadonlySet<AcquisitionType> = new Set<AcquisitionType>(["card", "apple_pay", "google_pay"]);

export function paysOnline(type: AcquisitionType): boolean {
  return PAID_ONLINE.has(type);
}

/** The choice to preselect: the one kept if still offered, else the first online way, else the first. */
export function defaultAcquisitionId(
  offered: readonly Pick<Acquisition, "id" | "type">[],
  kept: number | null = null,
): number | null {
  if (kept !== null && offered.some((a) => a.id === kept)) return kept;
  const online = offered.find((a) => paysOnline(a.type));
  return (online ?? offered[0])?.id ?? null;
}
