/**
 * When a failed catalogue request is tried again: network errors always;
 * for get, head, options, put and delete also 429 and 500-599; time-outs never (a server
 * that took 60 s once would make the build wait minutes more for nothing).
 */

/** Each catalogue request is retried at most 3 times, 1 s apart, and given 60 s to answer. */
export const RETRIES = 3;
export const RETRY_DELAY_MS = 1000;
export const TIMEOUT_MS = 60_000;

const RETRYABLE_METHODS = new Set(["get", "head", "options", "put", "delete"]);

/** The parts of an AxiosError the rule looks at (kept structural so it is testable). */
export interface FailedRequest {
  code?: string;
  config?: { method?: string };
  response?: { status: number };
}

const TIMEOUT_CODES = new Set(["ECONNABORTED", "ETIMEDOUT"]);
/** The request was given up on purpose (abort signal, page left): nothing to retry. */
const CANCEL_CODES = new Set(["ERR_CANCELED"]);

export function isTimeout(error: FailedRequest): boolean {
  return error.code !== undefined && TIMEOUT_CODES.has(error.code);
}

export function shouldRetry(error: FailedRequest): boolean {
  if (isTimeout(error)) return false;
  if (error.code !== undefined && CANCEL_CODES.has(error.code)) return false;
  if (!error.response) return true; // network error: no answer at all
  const method = (error.config?.method ?? "get").toLowerCase();
  if (!RETRYABLE_METHODS.has(method)) return false;
  const { status } = error.response;
  return status === 429 || (status >= 500 && status <= 599);
}
