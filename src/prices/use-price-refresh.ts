import { useEffect } from "react";
import { usePrices } from "./price-context";

/**
 * A page announces the events it shows; their live prices are fetched in one request
 * (batched with every other announcement of the same render) and again on a currency change.
 */
export function usePriceRefresh(eventSourceIds: readonly number[]): void {
  const { register } = usePrices();
  const key = [...eventSourceIds].sort((a, b) => a - b).join(",");
  useEffect(() => {
    if (!key) return;
    return register(key.split(",").map(Number));
  }, [key, register]);
}
