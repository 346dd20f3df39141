/**
 * How one catalogue request travels: axios with a time-out, axios-retry for the retry
 * rule (retry-rule.ts), axios-rate-limit for the request rate, then the answer checked by
 * the injected contract validator and reshaped into domain types. Every failure comes out
 * as a CatalogueError naming the URL.
 *
 * Keep this module light: the browser bundles it. The validator is injected by the build
 * so ajv and yaml stay out of the browser.
 */
import axios, { AxiosError, type AxiosInstance } from "axios";
import rateLimit from "axios-rate-limit";
import axiosRetry from "axios-retry";
import { ShapeError } from "../core/reshape";
import { CatalogueError, httpError, malformedError, networkError, timeoutError } from "./catalogue-error";
import { isTimeout, RETRIES, RETRY_DELAY_MS, shouldRetry, TIMEOUT_MS } from "./retry-rule";

/** Requests per second when the deployment does not say otherwise. */
const DEFAULT_RATE_LIMIT = 10;

/** The contract's operation ids (contracts/catalogue.openapi.yaml), one per answer shape. */
export type CatalogueOperation =
  | "listEvents"
  | "listPlaces"
  | "listPersons"
  | "listNews"
  | "listAcquisitions"
  | "listCategoryTypes"
  | "listCategories"
  | "listEventDates"
  | "listHalls"
  | "listEventPlaces"
  | "listLocations"
  | "getLanding"
  | "getEventsPrices"
  | "getDatesPrices";

/**
 * Checks a 200 answer against the contract. Returns null when it conforms, otherwise the
 * problems, each led by the JSON pointer of the field ("/results/3/started_at must be string").
 */
export type AnswerValidator = (operation: CatalogueOperation, data: unknown) => string | null;

export interface TransportOptions {
  /** requests per second, spaced evenly */
  rateLimit?: number;
  timeoutMs?: number;
  /** retries of one request under the retry rule */
  retries?: number;
  retryDelayMs?: number;
  validate?: AnswerValidator;
  /**
   * Whole further rounds of the retry rule after a transient failure (429, 5xx, no answer),
   * `pauseMs` apart. The browser takes none (a visitor sees the error and may try again);
   * the build takes some: it makes hundreds of requests, and a server that answers 429 or
   * 5xx "now and then" would otherwise sink a build every few runs.
   */
  persistence?: { rounds: number; pauseMs: number };
}

export interface CatalogueTransport {
  /** GET `url`, check the answer against `operation`'s schema and reshape it. */
  getJson<T>(
    operation: CatalogueOperation,
    url: string,
    reshape: (data: unknown) => T,
    signal?: AbortSignal,
  ): Promise<T>;
}

function makeHttp(rate: number, timeoutMs: number, retries: number, retryDelayMs: number): AxiosInstance {
  // One request every 1000/rate ms rather than bursts of `rate` per second: the catalogue
  // sees an even load and the limit holds over any window.
  const http = rateLimit(axios.create({ timeout: timeoutMs }), { maxRequests: 1, perMilliseconds: 1000 / rate });
  axiosRetry(http, {
    retries,
    retryDelay: () => retryDelayMs,
    retryCondition: (error) => shouldRetry(error),
    // each retry gets the whole time-out again, not what the failed try left of it
    shouldResetTimeout: true,
  });
  return http;
}

function toCatalogueError(error: unknown, url: string, timeoutMs: number): Error {
  if (error instanceof CatalogueError) return error;
  if (error instanceof AxiosError) {
    if (error.response) return httpError(url, error.response.status, error.response.data);
    if (isTimeout(error)) return timeoutError(url, timeoutMs);
    // an aborted request is the caller's own doing: hand its cancel error back untouched
    if (error.code === "ERR_CANCELED") return error;
    return networkError(url, error.code, error.message);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Worth asking again later: the server was busy or failing, or did not answer at all. */
function isTransient(error: Error): boolean {
  if (!(error instanceof CatalogueError)) return false;
  if (error.kind === "network") return true;
  return error.kind === "http" && error.status !== null && (error.status === 429 || error.status >= 500);
}

export function createCatalogueTransport(options: TransportOptions = {}): CatalogueTransport {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const http = makeHttp(
    options.rateLimit ?? DEFAULT_RATE_LIMIT,
    timeoutMs,
    options.retries ?? RETRIES,
    options.retryDelayMs ?? RETRY_DELAY_MS,
  );
  const { validate, persistence } = options;

  return {
    async getJson(operation, url, reshape, signal) {
      let data: unknown;
      for (let round = 0; ; round++) {
        try {
          const response = await http.get<unknown>(url, { signal, responseType: "json" });
          data = response.data;
          break;
        } catch (error) {
          const failure = toCatalogueError(error, url, timeoutMs);
          if (!persistence || round >= persistence.rounds || !isTransient(failure)) throw failure;
          await new Promise((resolve) => setTimeout(resolve, persistence.pauseMs));
        }
      }
      // axios hands back a string when the body is not JSON
      if (typeof data === "string")
        throw malformedError(url, `/ must be JSON, got ${JSON.stringify(data.slice(0, 200))}`);
      const problems = validate?.(operation, data);
      if (problems) throw malformedError(url, problems);
      try {
        return reshape(data);
      } catch (error) {
        if (error instanceof ShapeError) throw malformedError(url, error.message);
        throw error;
      }
    },
  };
}
