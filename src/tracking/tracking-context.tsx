import { type ReactNode, useContext, useEffect, useState } from "react";
import type { Utm } from "../core/order";
import { sharedContext } from "../kernel/shared-contexts";
import { capturePromo } from "../promo/promo-link";
import { captureUtm } from "./utm";

interface TrackingValue {
  /** the campaign data of this session; null until read (in the browser) or when none */
  utm: Utm | null;
}

const TrackingContext = sharedContext<TrackingValue | null>(null);

/** Captures a campaign landing at page start (sessionStorage, so only in an effect). */
export function TrackingProvider({ children }: { children: ReactNode }) {
  const [utm, setUtm] = useState<Utm | null>(null);
  useEffect(() => {
    setUtm(captureUtm(window.location.search, window.sessionStorage));
    capturePromo(window.location.search, window.sessionStorage);
  }, []);
  return <TrackingContext.Provider value={{ utm }}>{children}</TrackingContext.Provider>;
}

export function useTracking(): TrackingValue {
  const value = useContext(TrackingContext);
  if (!value) throw new Error("useTracking() must be used inside <TrackingProvider>");
  return value;
}
