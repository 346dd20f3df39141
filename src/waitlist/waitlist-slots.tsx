/**
 * Where the waiting list shows on the event page, without its code at start-up: a sold-out
 * ticket category's sign-up, and the panel an e-mail's link opens (`#waitlist-offer=…`,
 * `#waitlist-leave=…`). Each slot renders nothing on the server and at hydration; its code loads
 * when the browser is first idle, and a server without a waiting list leaves it empty.
 */
import type React from "react";
import { type ComponentType, useEffect, useState } from "react";
import { whenIdle } from "../kernel/when-idle";
import type { JoinProps } from "./waitlist-client";

function useIdleImport<P>(load: () => Promise<ComponentType<P>>, wanted: boolean): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    const cancel = whenIdle(() => {
      load()
        .then((loaded) => {
          if (current) setComponent(() => loaded);
        })
        // a chunk that could not load: the page works on without the waiting list
        .catch(() => undefined);
    });
    return () => {
      current = false;
      cancel();
    };
  }, [load, wanted]);
  return component;
}

const loadJoin = () => import("./waitlist-join").then((m) => m.WaitlistJoin);
const loadLink = () => import("./waitlist-link").then((m) => m.WaitlistLink);

/** Under a sold-out ticket category: "join the waiting list", when the server offers one. */
export function WaitlistJoinSlot(props: JoinProps): React.JSX.Element | null {
  const Join = useIdleImport(loadJoin, true);
  return Join ? <Join {...props} /> : null;
}

/** At the top of the tickets: what the e-mail's link is for (take an offer, leave the list). */
export function WaitlistLinkSlot(): React.JSX.Element | null {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const check = () => setWanted(window.location.hash.startsWith("#waitlist-"));
    check();
    window.addEventListener("hashchange", check);
    return () => window.removeEventListener("hashchange", check);
  }, []);
  const Link = useIdleImport(loadLink, wanted);
  return wanted && Link ? <Link /> : null;
}
