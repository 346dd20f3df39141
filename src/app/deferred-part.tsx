/**
 * Parts of every page whose code is not in the start-up JavaScript (issue 36): it loads once
 * the browser is idle after the page's start (src/kernel/when-idle.ts), or at once when the
 * visitor reaches for the part. The server renders them as before (React.lazy resolves there
 * before the HTML is written), so the page looks the same from its first paint.
 *
 * - `AfterStartup`: a part with nothing to show at first (a notice, a reminder, the toasts):
 *   rendered from the browser's first idle moment on, nothing before.
 * - `KeptUntilLoaded`: a visible part (the header's search box): hydration keeps the server's
 *   HTML in a wrapper, as a static island does (src/components/static-island.tsx), and the
 *   part's code renders over it once loaded. What the visitor did meanwhile is carried over:
 *   the focus, the text typed into a field, and a click on a button, which is replayed.
 *   `atOnce` loads the code as soon as the page has hydrated rather than when the browser is
 *   idle: the parts of a page below its first screen (the event page's ticket choice, the
 *   search page's filters), which show the visitor's prices and should not wait for idle.
 *
 * - `staticPart`: a part the build fixes (the event page's performers and related events): a
 *   static island (src/components/static-island.tsx) around it. On the first load its code
 *   never loads and React never touches its HTML; only what `live` renders (its prices)
 *   follows the visitor. Opened client-side, the page renders it once its code is there.
 *   Cheaper than `KeptUntilLoaded` for such a part: no chunk, and no commit that removes the
 *   server's elements to insert the same ones again (40 ms of a phone's main thread for the
 *   event page's related events under Lighthouse's trace, whose invalidation tracking records
 *   every element removed).
 *
 * Not a Suspense boundary left to hydrate later: an update that reaches such a boundary
 * before its code is there (the currency settling, the basket's stored count) makes React
 * drop the server's HTML and render it again on the client (React error 421); the kept
 * wrapper's content never changes, so updates pass it by.
 */
import type React from "react";
import {
  type ComponentType,
  createElement,
  type LazyExoticComponent,
  lazy,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
} from "react";
import { staticIsland } from "../components/static-island";
import { isHydrating } from "../kernel/hydration-phase";
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

/** What the visitor did in the kept HTML before the part took over. */
interface Carried {
  focused: number;
  values: Array<string | null>;
  clicked: number;
}

function carry(wrapper: HTMLElement, clicked: Element | null): Carried {
  const elements = Array.from(wrapper.querySelectorAll<HTMLElement>(FOCUSABLE));
  return {
    focused: elements.findIndex((element) => element === document.activeElement),
    values: elements.map((element) => (element instanceof HTMLInputElement ? element.value : null)),
    clicked: clicked ? elements.findIndex((element) => element === clicked) : -1,
  };
}

/** Gives the part what the visitor did: its own handlers see the typing, the focus and the click. */
function handOver(wrapper: HTMLElement, carried: Carried): void {
  const elements = Array.from(wrapper.querySelectorAll<HTMLElement>(FOCUSABLE));
  elements.forEach((element, index) => {
    const value = carried.values[index];
    if (!(element instanceof HTMLInputElement) || !value || element.value === value) return;
    // the way a controlled React input hears of a value it did not set: the native setter, then an input event
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
  if (carried.focused >= 0) elements[carried.focused]?.focus();
  if (carried.clicked >= 0) elements[carried.clicked]?.click();
}

/** A visible part: the server's HTML until its code is here, then the part over it. */
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
  const [kept, setKept] = useState(() => isHydrating() && part.loaded() === null);
  const wrapper = useRef<HTMLDivElement>(null);
  const carried = useRef<Carried | null>(null);
  const clicked = useRef<Element | null>(null);

  useEffect(() => {
    const node = wrapper.current;
    if (!kept || !node) return;
    // what end-to-end tests wait for before they use the part (tests/e2e/support/browser.ts)
    node.dataset.kept = "true";
    let live = true;
    const take = () => {
      if (!live) return;
      live = false;
      void part.get().then(() => {
        carried.current = carry(node, clicked.current);
        startTransition(() => setKept(false));
      });
    };
    const onUse = (event: Event) => {
      // a press only fetches the code: taking over before its click would lose the click
      if (event.type === "pointerdown") {
        void part.get();
        return;
      }
      if (event.type === "click") {
        // the kept button does nothing yet: the part's own will be clicked instead
        clicked.current = (event.target as Element | null)?.closest(FOCUSABLE) ?? null;
        event.preventDefault();
      }
      take();
    };
    const uses = ["pointerdown", "focusin", "keydown", "click"] as const;
    for (const type of uses) node.addEventListener(type, onUse);
    const cancelIdle = atOnce ? soon(take) : whenIdle(take);
    return () => {
      live = false;
      cancelIdle();
      for (const type of uses) node.removeEventListener(type, onUse);
    };
  }, [kept, part, atOnce]);

  useEffect(() => {
    if (kept || !carried.current || !wrapper.current) return;
    // the part renders in the same commit as this wrapper's children: wait for its elements
    const node = wrapper.current;
    const handed = carried.current;
    carried.current = null;
    requestAnimationFrame(() => handOver(node, handed));
  }, [kept]);

  // two keys: the part gets a new wrapper, so React removes the kept HTML rather than adding beside it
  return kept ? (
    <div
      key="kept"
      ref={wrapper}
      className={styles.part}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, never content: it keeps the server's HTML
      dangerouslySetInnerHTML={KEEP_SERVER_HTML}
      suppressHydrationWarning
    />
  ) : (
    <div key="part" ref={wrapper} className={styles.part}>
      <PartContent part={part} props={props ?? ({} as P)} />
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
