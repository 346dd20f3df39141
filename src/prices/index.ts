export { LivePrice, type LivePriceProps } from "./live-price";
export { PriceProvider, usePrices, UPDATE_PRICES_EVENT } from "./price-context";
export { usePriceRefresh } from "./use-price-refresh";
