/**
 * The one error a catalogue call rejects with. Its message carries what an editor needs to
 * find the fault: the response data, the status and the full URL with its query.
 */

export type CatalogueErrorKind = "http" | "network" | "timeout" | "malformed";

export class CatalogueError extends Error {
  readonly kind: CatalogueErrorKind;
  readonly url: string;
  readonly status: number | null;
  readonly data: unknown;

  constructor(kind: CatalogueErrorKind, url: string, status: number | null, data: unknown, message: string) {
    super(message);
    this.name = "CatalogueError";
    this.kind = kind;
    this.url = url;
    this.status = status;
    this.data = data;
  }
}

const MAX_DATA_CHARS = 2000;

function describeData(data: unknown): string {
  if (data === undefined || data === null || data === "") return "(no body)";
  let text: string;
  if (typeof data === "string") text = data;
  else {
    try {
      text = JSON.stringify(data);
    } catch {
      text = String(data);
    }
  }
  return text.length > MAX_DATA_CHARS ? `${text.slice(0, MAX_DATA_CHARS)}…` : text;
}

export function httpError(url: string, status: number, data: unknown): CatalogueError {
  return new CatalogueError(
    "http",
    url,
    status,
    data,
    `Catalogue request GET ${url} failed with status ${status}: ${describeData(data)}`,
  );
}

export function networkError(url: string, code: string | undefined, detail: string): CatalogueError {
  return new CatalogueError(
    "network",
    url,
    null,
    null,
    `Catalogue request GET ${url} got no answer (${code ?? "network error"}: ${detail}) after the retries`,
  );
}

export function timeoutError(url: string, timeoutMs: number): CatalogueError {
  return new CatalogueError("timeout", url, null, null, `Catalogue request GET ${url} timed out after ${timeoutMs} ms`);
}

export function malformedError(url: string, problems: string): CatalogueError {
  return new CatalogueError("malformed", url, 200, null, `Malformed answer from ${url}: ${problems}`);
}
