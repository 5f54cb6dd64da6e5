// The financialdatasets.ai door: `/fd/{scenario_id}/...` answers the paths financialdatasets' clients
// call (ai-hedge-fund, dexter: docs/financialdatasets.md), with its habits, so an agent written for
// https://api.financialdatasets.ai runs unchanged against a scenario. Each request becomes one
// request to a native route of this app (the same key, rate limit, validation and horizon): the door
// only rewrites the path and query on the way in (fd.ts) and reshapes the answer on the way out:
// its keys, limits above a route's maximum clamped, `next_page_url` paging.
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { CLOCK_HEADER } from "../http/clock.ts";
import { ApiError } from "../http/errors.ts";
import { boundedBody, innerFetch, jsonObjectOf, MAX_BODY_BYTES, routeLimits, type ApiApp } from "../http/route.ts";
import { FD_PATHS, type FdPath } from "./paths.ts";

/** The headers of a native answer the door passes on (its ETag is the native body's, not this one's). */
const PASSED_HEADERS = [
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-Account-ID",
  "X-As-Of",
  "Cache-Control",
  "Retry-After",
  CLOCK_HEADER,
];

/** The door's path after `/fd/{scenario_id}`: doubled and trailing slashes dropped, as financialdatasets does. */
function doorPath(pathname: string): { id: string; path: string } {
  const [, , raw = "", ...rest] = pathname.split("/");
  let id = "";
  try {
    id = decodeURIComponent(raw);
  } catch {
    // a malformed escape names no scenario: 404 below
  }
  return { id, path: `/${rest.filter(Boolean).join("/")}` };
}

/** The origin clients reached: the request's, or its Host on the local port (whose targets carry no host). */
function originOf(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  const host = c.req.header("host");
  return url.hostname === "localhost" && host && /^[\w.-]+(:\d+)?$/.test(host) ? `http://${host}` : url.origin;
}

export function register(app: ApiApp): void {
  let limits: ReturnType<typeof routeLimits> | undefined;

  app.all("/fd/*", async (c) => {
    const { id, path } = doorPath(new URL(c.req.url).pathname);
    const route: FdPath | undefined = FD_PATHS[path];
    if (!id || !route)
      throw new ApiError(
        404,
        `Not found: ${c.req.method} /fd/${id}${path} (docs/financialdatasets.md lists the paths)`,
      );
    const method = route.method ?? "GET";
    const allowed = method === "GET" ? ["GET", "HEAD"] : [method];
    if (!allowed.includes(c.req.method)) {
      c.header("Allow", allowed.join(", "));
      throw new ApiError(405, `Method ${c.req.method} not allowed on /fd/${id}${path}; use ${allowed.join(" or ")}`);
    }
    if (route.fixed) return c.json(route.fixed());

    const query = new URL(c.req.url).searchParams;
    const reader = c.get("reader");
    const currentDate = (await reader.catalogEntry(id))?.scenario.current_date;
    const native = route.native ?? path;
    const asked = new URLSearchParams(query);
    route.query?.(asked, { currentDate });
    asked.set("scenario_id", id);

    // Paging: `limit` is the total a client wants across pages (FDClient stops following
    // next_page_url only when it is absent); a page holds at most the native maximum of it.
    limits ??= routeLimits(app);
    const bounds = limits.get(native);
    const offset = Math.max(0, Number(asked.get("offset") ?? 0) || 0);
    let wanted: number | undefined;
    let page: number | undefined;
    const allRows = route.allRows?.(query) ?? false;
    const given = Number(asked.get("limit") ?? bounds?.defaultLimit);
    // A limit that is not a whole number from 1 goes to the native route as sent, which answers 422.
    if (bounds && Number.isInteger(given) && given >= 1) {
      wanted = given;
      page = Math.min(given, bounds.maxLimit);
      if (allRows) {
        const sent = asked.get("offset");
        if (sent !== null && !/^\d+$/.test(sent))
          throw new ApiError(422, `Query parameter 'offset' must be a whole number from 0, not '${sent}'`);
        asked.delete("offset");
      }
      asked.set("limit", String(allRows ? bounds.maxLimit : page));
    }

    const headers = new Headers(c.req.raw.headers);
    headers.delete("if-none-match");
    const inner = new Request(`${new URL(c.req.url).origin}${native}?${asked}`, {
      method: method === "POST" ? "POST" : "GET",
      headers,
      body: method === "POST" ? await bodyOf(c, route) : undefined,
    });
    const res = await innerFetch(app, c, inner);
    if (res.status !== 200) return res;

    let body = (await res.json()) as Record<string, unknown>;
    body = route.answer?.(body, query) ?? body;
    if (route.rows && wanted !== undefined && page !== undefined) {
      const rows = body[route.rows];
      if (Array.isArray(rows)) {
        // Rows the native route gave past the page (`allRows` answers are paged here).
        const start = allRows ? offset : 0;
        const more = wanted > page && (allRows ? rows.length > start + page : rows.length === page);
        body[route.rows] = rows.slice(start, start + page);
        if (more) {
          const next = new URLSearchParams(query);
          next.set("offset", String(offset + page));
          next.set("limit", String(wanted - page));
          body.next_page_url = `${originOf(c)}/fd/${encodeURIComponent(id)}${path}/?${next}`;
        }
      }
    }
    for (const name of PASSED_HEADERS) {
      const value = res.headers.get(name);
      if (value !== null) c.header(name, value);
    }
    return c.req.method === "HEAD" ? c.body(null, 200, { "Content-Type": "application/json" }) : c.json(body);
  });
}

/**
 * A POST body for the native route: as sent (streamed: the native route bounds its size), or
 * rewritten by the path when it is a JSON object of at most MAX_BODY_BYTES (else as sent, refused there).
 */
async function bodyOf(c: Context<AppEnv>, route: FdPath): Promise<BodyInit | null> {
  if (!route.body) return c.req.raw.body;
  const bytes = await boundedBody(c.req.raw);
  if (!bytes) throw new ApiError(422, `Request body must be at most ${MAX_BODY_BYTES} bytes`);
  const value = jsonObjectOf(bytes);
  return value ? JSON.stringify(route.body(value)) : bytes; // not a JSON object: the native route says so
}
