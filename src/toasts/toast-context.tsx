import { type ReactNode, useContext, useState } from "react";
import { sharedContext } from "../kernel/shared-contexts";
import { ToastBus } from "./toast-bus";

const ToastContext = sharedContext<ToastBus | null>(null);

/** Holds the page-independent toast queue; ToastOutlet (inside the page) shows it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [bus] = useState(() => new ToastBus());
  return <ToastContext.Provider value={bus}>{children}</ToastContext.Provider>;
}

export function useToasts(): ToastBus {
  const bus = useContext(ToastContext);
  if (!bus) throw new Error("useToasts() must be used inside <ToastProvider>");
  return bus;
}
