/**
 * Puts the waiting room in front of the ticket choice when the event's on-sale has one. Nothing of
 * it is in the page's start-up code: once the browser is idle, the waiting room's code and the
 * event's state are fetched; an event without a room (a 404, also from a server without waiting
 * rooms) keeps the ticket choice as it is.
 */
import type React from "react";
import { type ComponentType, useEffect, useState } from "react";
import { whenIdle } from "../kernel/when-idle";
import type { WaitingRoomProps } from "./waiting-room";

type Loaded = { Room: ComponentType<WaitingRoomProps>; first: WaitingRoomProps["first"] };

export function WaitingRoomGate({ eventId, children }: { eventId: number; children: React.ReactNode }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
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
  if (!loaded) return <>{children}</>;
  const { Room, first } = loaded;
  return (
    <Room eventId={eventId} first={first}>
      {children}
    </Room>
  );
}
