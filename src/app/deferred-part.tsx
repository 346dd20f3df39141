/**
 * Parts of every page whose code is not in the start-up JavaScript (issue 36): it loads once
 * the browser is idle after the page's start (src/kernel/when-idle.ts), or at once when the
 * visitor reaches for the part. The server renders them as before (React.lazy resolves there
 * before the HTML is written), so the page looks the same from its first paint.
 *
 * - `AfterStartup`: a part with nothing to show at first (a notice, a reminder, the toasts):
 *   rendered from the browser's first idle moment on, nothing before.
 * - `KeptUntilLoaded`: a visible part (the header's search box): hydration keeps the server's
 *   HTML in a wrapper, as a static island does (src/components/static-island.tsx). Once the
 *   part's code is here it is hydrated over that same HTML in a React root of its own, given
 *   the page's contexts (src/kernel/shared-contexts.ts): no element is removed or added. What
 *   the visitor did meanwhile is carried over: the text typed into a field, the focus (the
 *   elements are the same) and a click on a button, which is replayed. `atOnce` loads the
 *   code as soon as the page has hydrated rather than when the browser is idle: the parts of
 *   a page below its first screen (the event page's ticket choice, the search page's
 *   filters), which show the visitor's prices and should not wait for idle.
 *
 * - `staticPart`: a part the build fixes (the event page's performers and related events): a
 *   static island (src/components/static-island.tsx) around it. On the first load its code
 *   never loads and React never touches its HTML; only what `live` renders (its prices)
 *   follows the visitor. Opened client-side, the page renders it once its code is there.
 *   Cheaper than `KeptUntilLoaded` for such a part: no chunk and no hydration at all.
 *
 * Not a Suspense boundary left to hydrate later: an update that reaches such a boundary
 * before its code is there (the currency settling, the basket's stored count) makes React
 * drop the server's HTML and render it again on the client (React error 421); the kept
 * wrapper's content never changes, so updates pass it by.
 */

// the module itself, not the package's index, which would bring its Link and useI18next into the start-up code
import { I18nextContext } from "gatsby-plugin-react-i18next/dist/i18nextContext";
import type React from "react";
import {
  type ComponentType,
  type Context,
  createElement,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { I18nContext } from "react-i18next";
import { staticIsland } from "../components/static-island";
import { isHydrating } from "../kernel/hydration-phase";
import { sharedContexts } from "../kernel/shared-contexts";
import { whenIdle } from "../kernel/when-idle";
import * as styles from "./layout.module.css";

/** A part's code: loaded once per page load and shared by every place that shows it. */
export interface DeferredPart<P extends object = NoProps> {
  /** loads it (once; a chunk that failed to load is tried again next time) */
  get(): Promise<ComponentType<P>>;
  /** the component, once its code is here */
  loaded(): ComponentType<P> | null;
  /** the same as React.lazy, for a render before that (the server's waits for it) */
  Lazy: LazyExoticComponent<ComponentType<P>>;
}

type NoProps = Record<never, never>;

export function deferredPart<P extends object = NoProps>(load: () => Promise<ComponentType<P>>): DeferredPart<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let component: ComponentType<P> | null = null;
  const get = () => {
    if (loading === null) {
      const started = load().then((loadedComponent) => {
        component = loadedComponent;
        return loadedComponent;
      });
      started.catch(() => {
        if (loading === started) loading = null;
      });
      loading = started;
    }
    return loading;
  };
  return {
    get,
    loaded: () => component,
    Lazy: lazy(() => get().then((loadedComponent) => ({ default: loadedComponent }))),
  };
}

/**
 * The part itself: once its code is here, the component, so a part that mounts after it came
 * renders in the same commit, never a blank frame; before that, lazily.
 */
function PartContent<P extends object>({ part, props }: { part: DeferredPart<P>; props: P }): React.JSX.Element {
  const Loaded = part.loaded();
  return Loaded ? (
    createElement(Loaded, props)
  ) : (
    // React.lazy's type adds a ref to the props, which no part takes
    <Suspense fallback={null}>{createElement(part.Lazy as unknown as ComponentType<P>, props)}</Suspense>
  );
}

/**
 * Runs `run` in a task of its own right after this one (from an effect: once the page has
 * hydrated); what whenIdle returns, for one code path. Not in the effect itself: the parts of a
 * page each start loading their code in their own short task, not all in hydration's last one.
 */
function soon(run: () => void): () => void {
  const timer = window.setTimeout(run, 0);
  return () => window.clearTimeout(timer);
}

/** Resolves when the browser is first idle. */
function idle(): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve));
}

/** A part with nothing to show at first: rendered from the browser's first idle moment on. */
export function AfterStartup({ part }: { part: DeferredPart }): React.JSX.Element | null {
  // the server's render and the browser's first render agree on nothing; then the part mounts
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void idle()
      .then(part.get)
      .then(() => live && startTransition(() => setReady(true)));
    return () => {
      live = false;
    };
  }, [part]);
  return ready ? <PartContent part={part} props={{}} /> : null;
}

const FOCUSABLE = "input, button, a[href], select, textarea";
/** No content: React finds the same string on every render and leaves the server's HTML alone. */
const KEEP_SERVER_HTML = { __html: "" };

/** The element the visitor clicked in the kept HTML before its part took over, if any. */
function clickedIndex(wrapper: HTMLElement, clicked: Element | null): number {
  return clicked ? Array.from(wrapper.querySelectorAll(FOCUSABLE)).indexOf(clicked) : -1;
}

/**
 * Gives the hydrated part the text typed into its fields before it was there. Hydration kept
 * that text but the part's state is the server's, and its next render would write that back:
 * React hears of a value it did not set when its own setter last saw another one (the
 * server's), then an input event. Outside React's commit, so that the event's update renders.
 */
function handOverTyped(wrapper: HTMLElement): void {
  for (const element of Array.from(wrapper.querySelectorAll<HTMLElement>(FOCUSABLE))) {
    if (!(element instanceof HTMLInputElement) || element.value === element.defaultValue) continue;
    const typed = element.value;
    element.value = element.defaultValue;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(element, typed);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/** Clicks again what the visitor clicked in the kept HTML (the focus stayed: the elements are the same). */
function replayClick(wrapper: HTMLElement, clicked: number): void {
  if (clicked >= 0) wrapper.querySelectorAll<HTMLElement>(FOCUSABLE)[clicked]?.click();
}

/**
 * React 18's server render wraps a lazy part in Suspense's comments when its code was not yet
 * loaded in that build worker, and not otherwise: the part's root hydrates without them.
 */
function dropSuspenseMarks(wrapper: HTMLElement): void {
  const first = wrapper.firstChild;
  const last = wrapper.lastChild;
  if (
    first instanceof Comment &&
    first.data === "$" &&
    last instanceof Comment &&
    last.data === "/$" &&
    first !== last
  ) {
    first.remove();
    last.remove();
  }
}

/** Calls `done` once the root it is rendered in has committed (its hydration), after React's commit. */
function Committed({ done }: { done: () => void }): null {
  useEffect(() => queueMicrotask(done), [done]);
  return null;
}

/** The part with the page's contexts, as `values` has them, around it. */
function inContexts(contexts: readonly Context<unknown>[], values: readonly unknown[], part: ReactNode): ReactNode {
  return contexts.reduceRight<ReactNode>(
    (child, context, index) => createElement(context.Provider, { value: values[index] }, child),
    part,
  );
}

/** A part's own root; once `hydrated`, `update` renders it with the page's latest props and contexts. */
interface PartRoot {
  root: Root;
  hydrated: boolean;
  update(): void;
}

/** The contexts a part in a root of its own is given: i18next's (react-i18next's and the Gatsby plugin's), the shop's. */
function bridgedContexts(): readonly Context<unknown>[] {
  return [I18nContext as Context<unknown>, I18nextContext as Context<unknown>, ...sharedContexts()];
}

const NO_PROPS = {};

/**
 * A visible part: the server's HTML until its code is here, then the part hydrated over that
 * same HTML in a React root of its own (in a transition), with the page's contexts passed in.
 * No element is removed or added: the cost of a commit that replaced the server's elements with
 * the same ones (under Lighthouse's trace 45 ms of a phone's main thread for the search
 * page's filters) is not paid. Should the part render something else than the server did,
 * React renders that root afresh instead, as before.
 */
export function KeptUntilLoaded<P extends object = NoProps>({
  part,
  props,
  atOnce = false,
}: {
  part: DeferredPart<P>;
  /** the part's props (the same on the server) */
  props?: P;
  /** load the code as soon as the page has hydrated, not when the browser is first idle */
  atOnce?: boolean;
}): React.JSX.Element {
  // decided at mount: kept while hydrating, unless the code is already here (a later page)
  const [kept] = useState(() => isHydrating() && part.loaded() === null);
  const wrapper = useRef<HTMLDivElement>(null);
  const partProps = props ?? (NO_PROPS as P);
  // The contexts' values now, and as the server rendered them (read while hydrating): the part
  // hydrates with those, then renders with these. The list is fixed for this element's life.
  const [contexts] = useState(bridgedContexts);
  // biome-ignore lint/correctness/useHookAtTopLevel: the same contexts in the same order on every render
  const values = contexts.map((context) => useContext(context));
  const first = useRef({ values, props: partProps });
  const latest = useRef({ values, props: partProps });
  latest.current = { values, props: partProps };
  const partRoot = useRef<PartRoot | null>(null);

  useEffect(() => {
    const node = wrapper.current;
    if (!kept || !node) return;
    // what end-to-end tests wait for before they use the part (tests/e2e/support/browser.ts)
    node.dataset.kept = "true";
    let live = true;
    let taking = false;
    let clicked: Element | null = null;
    const uses = ["pointerdown", "focusin", "keydown", "click"] as const;
    const stopListening = () => {
      for (const type of uses) node.removeEventListener(type, onUse);
    };
    const hydrate = (Loaded: ComponentType<P>) => {
      if (!live) return;
      // from here on React's own handlers answer the visitor (a click hydrates the part at once)
      stopListening();
      const replay = clickedIndex(node, clicked);
      const render = (now: { values: readonly unknown[]; props: P }, extra?: ReactNode) =>
        inContexts(contexts, now.values, [createElement(Loaded, { ...now.props, key: "part" }), extra]);
      const done = () => {
        const current = partRoot.current;
        if (!current || current.hydrated) return;
        current.hydrated = true;
        handOverTyped(node);
        current.update();
        delete node.dataset.kept;
        requestAnimationFrame(() => replayClick(node, replay));
      };
      dropSuspenseMarks(node);
      startTransition(() => {
        const root = hydrateRoot(node, render(first.current, createElement(Committed, { key: "committed", done })), {
          // a part that renders other HTML than the server's is rendered afresh: nothing to report
          onRecoverableError: () => {},
        });
        partRoot.current = { root, hydrated: false, update: () => root.render(render(latest.current)) };
      });
    };
    const take = () => {
      if (!live || taking) return;
      taking = true;
      void part.get().then(hydrate, () => {
        // the chunk did not load: the next use tries again
        taking = false;
      });
    };
    function onUse(event: Event) {
      // a press only fetches the code: taking over before its click would lose the click
      if (event.type === "pointerdown") {
        void part.get();
        return;
      }
      if (event.type === "click") {
        // the kept button does nothing yet: the part's own will be clicked instead
        clicked = (event.target as Element | null)?.closest(FOCUSABLE) ?? null;
        event.preventDefault();
      }
      take();
    }
    for (const type of uses) node.addEventListener(type, onUse);
    const cancelIdle = atOnce ? soon(take) : whenIdle(take);
    return () => {
      live = false;
      cancelIdle();
      stopListening();
    };
  }, [kept, part, atOnce, contexts]);

  // The page's later renders reach the part's own root, in the page's commit: an update the
  // part asked for in a click (a filter checked) is then rendered in that click's sync flush,
  // before React puts its controlled fields back to the props it last rendered. From a passive
  // effect the render came a task later: the box flickered back, the caret jumped to the end.
  useLayoutEffect(() => {
    const current = partRoot.current;
    if (current?.hydrated) current.update();
  });

  // the part's root ends with this element (another page, another language)
  useEffect(
    () => () => {
      const current = partRoot.current;
      partRoot.current = null;
      // not while React commits the page that removes it
      if (current) setTimeout(() => current.root.unmount(), 0);
    },
    [],
  );

  return kept ? (
    <div
      ref={wrapper}
      className={styles.part}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, never content: it keeps the server's HTML
      dangerouslySetInnerHTML={KEEP_SERVER_HTML}
      suppressHydrationWarning
    />
  ) : (
    <div className={styles.part}>
      <PartContent part={part} props={partProps} />
    </div>
  );
}

/** `staticPart` (above): `key` is the page's island key (`useIslandKey()` from static-island). */
export function staticPart<P extends object = NoProps>(
  key: string,
  part: DeferredPart<P>,
  props: P,
  /** what still changes inside it once it is on screen (StaticIsland's `live`) */
  live?: (island: HTMLElement) => React.ReactNode,
): React.JSX.Element {
  return staticIsland(key, {
    className: styles.part,
    live,
    children: <PartContent part={part} props={props} />,
  });
}
