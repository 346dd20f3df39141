/** A paid order (of the sample's free event) and the visitor whose session holds it. */
import assert from "node:assert/strict";
import type { WireOrder } from "../../server/src/deps";
import { FREE_EVENT_SOURCE } from "./checkin-helpers";
import { BUYER, offersOf, placeOrder, type TestApp, Visitor } from "./helpers";

let buyers = 0;

export async function buyFreeAs(
  app: TestApp,
  count: number,
  lang: "en" | "ru" | "ar" = "en",
  name = "Layla Haddad",
): Promise<{ order: WireOrder; visitor: Visitor }> {
  const visitor = new Visitor(app);
  const free = (await offersOf(app, FREE_EVENT_SOURCE))[0]!.tickets[0]!;
  assert.equal((await visitor.add(free.id, count)).statusCode, 200);
  const { acquisition_id: _a, ...body } = BUYER;
  void _a;
  const order = await placeOrder(app, visitor, { ...body, name, lang, email: `wallet${++buyers}@example.ae` });
  assert.equal(order.status, "paid");
  return { order, visitor };
}
