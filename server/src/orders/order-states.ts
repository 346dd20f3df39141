/**
 * The order's state machine, written once: its states, what may move an order from one to
 * another, and where it goes. The order service asks `mayHappen` before every change, and the
 * orders repository builds its guarded `UPDATE … WHERE status IN (…)` statements from the same
 * table, so a race between two changes is still settled by the database, by these rules.
 */

export const ORDER_STATES = ["awaiting_payment", "paid", "failed", "expired", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATES)[number];

/** What can happen to an order after it was made. */
export type OrderEvent =
  | "pay_start"
  | "acquirer_approve"
  | "acquirer_decline"
  | "acquirer_cancel"
  | "session_ended"
  | "hold_expiry";

export interface Transition {
  /** what causes it, in words a reader can find in the code */
  trigger: string;
  /** the states it may happen in; in any other it is refused and changes nothing */
  from: readonly OrderStatus[];
  /** where the order goes; `null`: it stays where it is (the event is only allowed or refused) */
  to: OrderStatus | null;
}

/** Where a new order starts: a free one (registration) is paid at once, any other waits for payment. */
export const INITIAL_STATE = { free: "paid", priced: "awaiting_payment" } as const satisfies Record<
  "free" | "priced",
  OrderStatus
>;

/** The states an order can still be paid in; every event so far happens only in these. */
const PAYABLE = ["awaiting_payment", "failed"] as const satisfies readonly OrderStatus[];

/** A transition that may happen while the order can still be paid. */
const whilePayable = (trigger: string, to: OrderStatus | null): Transition => ({ trigger, from: PAYABLE, to });

/**
 * An order can be paid while it waits for payment, and again after a declined attempt
 * ("failed"), until its hold runs out. "paid", "expired" and "cancelled" are final.
 * "cancelled" is a stored state no event leads to yet (the schema allows it for orders
 * cancelled by hand); nothing may leave it.
 */
export const ORDER_TRANSITIONS = {
  pay_start: whilePayable("the buyer opens the acquirer's hosted page (POST /orders/{id}/pay)", null),
  acquirer_approve: whilePayable(
    "the acquirer approves the payment (card, 3-D Secure code or wallet), before the hold runs out",
    "paid",
  ),
  acquirer_decline: whilePayable("the acquirer declines the card or the 3-D Secure code", "failed"),
  acquirer_cancel: whilePayable("the buyer cancels on the acquirer's page (counted as a declined attempt)", "failed"),
  session_ended: whilePayable(
    "the acquirer approves after a session of the order has ended: no ticket, the attempt fails",
    "failed",
  ),
  hold_expiry: whilePayable(
    "the order's time to pay has passed (swept by expireDue); its tickets go back on sale",
    "expired",
  ),
} as const satisfies Record<OrderEvent, Transition>;

/** Whether `event` may happen to an order in `status`. */
export function mayHappen(event: OrderEvent, status: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[event].from as readonly OrderStatus[]).includes(status);
}

/** The state an order in `status` is in after `event`, or undefined when the event is refused there. */
export function nextState(event: OrderEvent, status: OrderStatus): OrderStatus | undefined {
  if (!mayHappen(event, status)) return undefined;
  return ORDER_TRANSITIONS[event].to ?? status;
}

/**
 * The states in which an order still holds its tickets and may be paid: those an expiry can
 * end. The limits count the tickets of orders in these states as waiting for payment.
 */
export const UNPAID_STATES: readonly OrderStatus[] = ORDER_TRANSITIONS.hold_expiry.from;

/** `('a', 'b')` for a SQL `IN`: the states are the table's own constants, never input. */
export const sqlStates = (states: readonly OrderStatus[]): string => `(${states.map((s) => `'${s}'`).join(", ")})`;
