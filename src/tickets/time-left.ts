/** "4:59" or "1:02:03": what is left until `expiresAt`, for a countdown; null once over. */
export function timeLeft(expiresAt: string | null, now: number): string | null {
  if (!expiresAt) return null;
  const ms = new Date(expiresAt).getTime() - now;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

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
