// Every error leaves the worker as JSON {detail} (docs/api-choices.md, "Status codes and error bodies"),
// never as a stack trace.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export interface FieldError {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors: FieldError[] | undefined;
  constructor(status: ContentfulStatusCode, detail: string, errors?: FieldError[]) {
    super(detail);
    this.status = status;
    this.errors = errors;
  }

  body(): { detail: string; errors?: FieldError[] } {
    return this.errors ? { detail: this.message, errors: this.errors } : { detail: this.message };
  }
}

export const notFound = (detail: string) => new ApiError(404, detail);
export const badRequest = (detail: string) => new ApiError(400, detail);
