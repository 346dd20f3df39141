/**
 * Real headless Chromium (Debian's /usr/bin/chromium) for the end-to-end tests.
 *
 * One browser per test file, closed after the file's last test; each test takes a fresh
 * context (fresh cookies, so a fresh server-side basket) from `withPage()` or `newPage()`,
 * which also records console errors and page errors so a test can assert the console
 * stayed clean.
 */
import { after } from "node:test";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const SITE_URL = (process.env.SITE_URL ?? "http://127.0.0.1:9000").replace(/\/$/, "");
export const API_URL = (process.env.API_URL ?? "http://127.0.0.1:4010").replace(/\/$/, "");
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let browser: Browser | undefined;
let extraArgs: readonly string[] = [];

/**
 * Extra Chromium flags for the next browser this test file launches (a fake camera, say);
 * close the running one first with `closeBrowser()`.
 */
export function setChromiumFlags(flags: readonly string[]): void {
  extraArgs = flags;
}

export async function launchBrowser(): Promise<Browser> {
  if (browser) return browser;
  // A plain launch rather than launchPersistentContext: playwright gives the browser a
  // fresh temporary profile of its own, and every test's context is isolated in it.
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

// every test file that drives the browser imports this module
after(closeBrowser);

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** console errors and uncaught page errors seen so far */
  errors: string[];
  /** every request URL the page made */
  requests: string[];
  /** goes to a path of the site and waits until the page has hydrated */
  open(path: string): Promise<void>;
  close(): Promise<void>;
}

export interface NewPageOptions {
  viewport?: { width: number; height: number };
  /** extra cookies, e.g. a currency cookie */
  cookies?: Array<{ name: string; value: string }>;
  /** console messages matching these are not counted as errors (say, an expected failed request) */
  allowErrors?: RegExp[];
}

export async function newPage(options: NewPageOptions = {}): Promise<TestPage> {
  const b = await launchBrowser();
  const context = await b.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } });
  if (options.cookies?.length) {
    await context.addCookies(options.cookies.map((c) => ({ ...c, url: SITE_URL })));
  }
  // Nothing leaves the machine: anything not on 127.0.0.1 is refused and reported.
  await context.route(
    (url) => !/^(127\.0\.0\.1|localhost)$/.test(url.hostname) && url.protocol !== "data:" && url.protocol !== "blob:",
    async (route) => {
      errors.push(`request to a non-local address: ${route.request().url()}`);
      await route.abort();
    },
  );
  const page = await context.newPage();
  // E2E_CPU_THROTTLE=8: the page's CPU eight times slower, as on a loaded CI machine (docs/TESTING.md)
  if (process.env.E2E_CPU_THROTTLE) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.env.E2E_CPU_THROTTLE) });
  }
  const errors: string[] = [];
  const requests: string[] = [];
  const allowed = options.allowErrors ?? [];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const text = msg.text();
    if (!allowed.some((re) => re.test(text))) errors.push(text);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  page.on("request", (req) => requests.push(req.url()));
  const open = async (path: string) => {
    await page.goto(siteUrl(path));
    await waitForHydration(page);
  };
  return { page, context, errors, requests, open, close: () => context.close() };
}

/** Runs `use` with a fresh page (see `newPage`) and closes the page's context whatever happens. */
export async function withPage<T>(use: (tp: TestPage) => Promise<T>, options: NewPageOptions = {}): Promise<T> {
  const tp = await newPage(options);
  try {
    return await use(tp);
  } finally {
    await tp.close();
  }
}

/** Absolute URL of a site path ("/ru/events/" -> "http://127.0.0.1:9000/ru/events/"). */
export function siteUrl(path: string): string {
  return `${SITE_URL}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * Waits until Gatsby has hydrated the page (the router is mounted and React took over), and
 * the parts whose code loads after start-up (src/app/deferred-part.tsx) have taken over the
 * server's HTML they were kept as.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrated === "true" && !document.querySelector("[data-kept]"),
    undefined,
    { timeout: 15_000 },
  );
}
