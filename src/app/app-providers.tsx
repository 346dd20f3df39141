/**
 * Every browser-side context of the shop, mounted once around each page by
 * src/app/wrap-page.tsx (the same tree in gatsby-browser and gatsby-ssr).
 *
 * The site's wrapPageElement runs after the plugins', so this tree sits outside
 * gatsby-plugin-react-i18next's I18nextProvider; wrap-page.tsx provides the page's i18next
 * instance again around it. The providers still hold no text (toasts are queued as
 * translation keys): ToastOutlet words them. Being part of wrapPageElement, the tree is
 * not unmounted on navigation, so a toast outlives the page it was raised on.
 */
import type { ReactNode } from "react";
import { BasketProvider } from "../basket/basket-context";
import type { Lang } from "../core/catalogue";
import { CurrencyProvider } from "../currency/currency-context";
import { PriceProvider } from "../prices/price-context";
import { ToastProvider } from "../toasts/toast-context";
import { TrackingProvider } from "../tracking/tracking-context";
import { AfterStartup, deferredPart } from "./deferred-part";

// react-toastify loads with the first toast; the outlet itself once the browser is first idle
const toastOutlet = deferredPart(() =>
  import(/* webpackChunkName: "toast-outlet" */ "../toasts/toast-outlet").then((m) => m.ToastOutlet),
);

export function AppProviders({ children, language }: { children: ReactNode; language: Lang }) {
  return (
    <TrackingProvider>
      <ToastProvider>
        <CurrencyProvider language={language}>
          <PriceProvider>
            <BasketProvider language={language}>
              {children}
              <AfterStartup part={toastOutlet} />
            </BasketProvider>
          </PriceProvider>
        </CurrencyProvider>
      </ToastProvider>
    </TrackingProvider>
  );
}
