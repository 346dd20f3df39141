/** An error answered as JSON {detail, code?} with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, code = "bad_request"): HttpError => new HttpError(400, detail, code);
export const notFound = (detail: string, code = "not_found"): HttpError => new HttpError(404, detail, code);
export const conflict = (detail: string, code: string): HttpError => new HttpError(409, detail, code);
