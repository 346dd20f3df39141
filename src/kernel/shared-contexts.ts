/**
 * The contexts of the shop's own providers (the site, currency, prices, basket, toasts,
 * tracking), made through `sharedContext` so that they are listed in one place.
 *
 * A part whose code comes after the page has hydrated is hydrated in a React root of its own
 * over the server's HTML (`KeptUntilLoaded`, src/app/deferred-part.tsx); that root is given
 * these contexts' values as the page's tree has them, so the part reads the same site,
 * currency, prices and basket as the rest of the page.
 */
import { type Context, createContext } from "react";

const contexts: Context<unknown>[] = [];

/** `createContext`, listed among the contexts a part in a root of its own is given. */
export function sharedContext<T>(defaultValue: T): Context<T> {
  const context = createContext(defaultValue);
  contexts.push(context as Context<unknown>);
  return context;
}

/** Every shared context made so far (the providers' modules are all in the start-up code). */
export function sharedContexts(): readonly Context<unknown>[] {
  return contexts.slice();
}
