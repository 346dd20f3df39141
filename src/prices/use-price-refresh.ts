import { useEffect } from "react";
import { usePriceRegister } from "./price-context";

/**
 * A page announces the events it shows; their live prices are fetched in one request
 * (batched with every other announcement of the same render) and again on a currency change.
 */
export function usePriceRefresh(eventSourceIds: readonly number[]): void {
  // the register function only: announcing ids must not subscribe the list to price changes
  const register = usePriceRegister();
  const key = [...eventSourceIds].sort((a, b) => a - b).join(",");
  useEffect(() => {
    if (!key) return;
    return register(key.split(",").map(Number));
  }, [key, register]);
}
