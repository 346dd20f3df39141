/**
 * Whether the waiting room stands in front of the ticket choice. Nothing of it is in the page's
 * start-up code: once the browser is idle, the waiting room's code and the event's state are
 * fetched; an event without a room (a 404, also from a server without waiting rooms) keeps the
 * ticket choice as it is. A hook, not a wrapper: the page's first render has no extra component.
 */
import { type ComponentType, useEffect, useState } from "react";
import { whenIdle } from "../kernel/when-idle";
import type { WaitingRoomProps } from "./waiting-room";

export interface WaitingRoomPart {
  Room: ComponentType<WaitingRoomProps>;
  first: WaitingRoomProps["first"];
}

export function useWaitingRoom(eventId: number): WaitingRoomPart | null {
  const [loaded, setLoaded] = useState<WaitingRoomPart | null>(null);
  useEffect(() => {
    let current = true;
    const cancel = whenIdle(() => {
      Promise.all([import("./waiting-room"), import("./waiting-room-client")])
        .then(async ([room, client]) => {
          const first = await client.readWaitingRoom(eventId);
          if (current && first && first.status !== "closed") setLoaded({ Room: room.default, first });
        })
        .catch(() => undefined);
    });
    return () => {
      current = false;
      cancel();
    };
  }, [eventId]);
  return loaded;
}
