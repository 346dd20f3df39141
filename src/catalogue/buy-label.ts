/**
 * What the main action of an event says: free events (every ticket at 0) are not bought,
 * their tickets are taken, so "Get tickets" rather than "Buy tickets".
 */
export function buyLabelKey(minPrice: number | null | undefined): "common.buyTickets" | "common.getTickets" {
  return minPrice === 0 ? "common.getTickets" : "common.buyTickets";
}
