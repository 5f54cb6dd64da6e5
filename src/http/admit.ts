// What a request must be before it is routed. Deployed, Cloudflare's edge hands the worker an
// absolute URL; locally (`npm start`, the tests) workerd's own socket hands it the request target
// exactly as the client sent it (miniflare's "proxy" socket style), so that targets workerd itself
// could not turn into a URL (`*`, absolute-form) still reach this code and get a JSON answer.
import { ApiError } from "./errors.ts";

/** Cloudflare's edge answers 414 above 32 KB of target; the local port refuses what it would. */
export const MAX_TARGET_BYTES = 32 * 1024;
/** Header fields (names, values and their framing) a request may carry; workerd's own limit is 128 KiB. */
export const MAX_HEADER_BYTES = 32 * 1024;
/** Any origin: routing reads only the path and query of an origin-form target. */
const LOCAL_ORIGIN = "http://localhost";
/** Control characters other than tab; RFC 9110 makes a field value holding one invalid. */
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

function refuse(status: 400 | 405 | 414 | 431, detail: string, headers: Record<string, string> = {}): Response {
  return Response.json(new ApiError(status, detail).body(), { status, headers });
}

/** The request to route (with an absolute URL), or the answer that refuses it. */
export function admit(request: Request): Request | Response {
  const target = request.url;
  if (target.length > MAX_TARGET_BYTES)
    return refuse(414, `The request target is ${target.length} bytes long; at most ${MAX_TARGET_BYTES} are accepted`);
  let headerBytes = 0;
  for (const [name, value] of request.headers) {
    headerBytes += name.length + value.length + 4;
    if (CONTROL.test(value)) return refuse(400, `Header '${name}' holds a control character`);
  }
  if (headerBytes > MAX_HEADER_BYTES)
    return refuse(431, `The request headers are ${headerBytes} bytes long; at most ${MAX_HEADER_BYTES} are accepted`);

  if (target.startsWith("/")) {
    try {
      return new Request(LOCAL_ORIGIN + target, request);
    } catch {
      return refuse(400, "The request target is not a valid path");
    }
  }
  if (/^https?:\/\//i.test(target)) return request; // absolute-form (and every request on Cloudflare): served as its path
  if (target === "*") {
    return request.method === "OPTIONS"
      ? refuse(405, "OPTIONS * is not answered; this API serves GET and HEAD, and POST on its search routes", {
          Allow: "GET, HEAD, POST",
        })
      : refuse(400, "The request target * is only for OPTIONS; name a path");
  }
  return refuse(400, "The request target must be a path starting with / or an absolute http(s) URL");
}
