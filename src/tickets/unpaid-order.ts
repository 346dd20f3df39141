/** The order awaiting payment that a visitor should be reminded of: the one that ends first. */
export function unpaidOrder<T extends { status: string; expiresAt: string | null }>(
  orders: readonly T[],
  now: number,
): T | null {
  const open = orders.filter(
    (o) =>
      (o.status === "awaiting_payment" || o.status === "failed") &&
      o.expiresAt !== null &&
      new Date(o.expiresAt).getTime() > now,
  );
  open.sort((a, b) => new Date(a.expiresAt as string).getTime() - new Date(b.expiresAt as string).getTime());
  return open[0] ?? null;
}
