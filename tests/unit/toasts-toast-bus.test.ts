import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ToastBus } from "../../src/toasts/toast-bus";

describe("toast queue (providers queue keys, the outlet words and shows them)", () => {
  it("hands over each toast once, in order, with its kind, key and values", () => {
    const bus = new ToastBus();
    bus.notify("error", "toast.notEnoughTickets");
    bus.notify("success", "toast.added", { count: 2 });
    assert.equal(bus.size, 2);
    const taken = bus.take();
    assert.deepEqual(
      taken.map(({ kind, messageKey, values }) => ({ kind, messageKey, values })),
      [
        { kind: "error", messageKey: "toast.notEnoughTickets", values: undefined },
        { kind: "success", messageKey: "toast.added", values: { count: 2 } },
      ],
    );
    assert.notEqual(taken[0]?.id, taken[1]?.id);
    assert.deepEqual(bus.take(), []);
  });

  it("tells subscribers when something arrives, until they unsubscribe", () => {
    const bus = new ToastBus();
    let calls = 0;
    const off = bus.subscribe(() => calls++);
    for (const kind of ["info", "success", "warning", "error", "default"] as const) bus.notify(kind, "toast.x");
    assert.equal(calls, 5);
    off();
    bus.notify("info", "toast.x");
    assert.equal(calls, 5);
    assert.equal(bus.size, 6, "queued while nobody shows them");
  });
});
