/**
 * The waiting list's parts of the event page, in a chunk of their own that the ticket picker
 * loads when the browser is first idle (nothing of it is in the start-up JavaScript, and nothing
 * renders before it is here): a sold-out category's sign-up, and the panel an e-mail's link opens
 * (`#waitlist-offer=…`, `#waitlist-leave=…`). A server without a waiting list leaves both empty.
 */
import type React from "react";
import { useEffect, useState } from "react";
import { WaitlistJoin } from "./waitlist-join";
import { WaitlistLink } from "./waitlist-link";

export { WaitlistJoin as Join };

/** The link's panel, while the address's fragment is a waiting-list link. */
export function LinkPanel(): React.JSX.Element | null {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const changed = () => setHash(window.location.hash);
    window.addEventListener("hashchange", changed);
    return () => window.removeEventListener("hashchange", changed);
  }, []);
  return hash.startsWith("#waitlist-") ? <WaitlistLink key={hash} /> : null;
}
