// Requests against the shared end-to-end runtime.
import { inject } from "vitest";
import { DEFAULT_NAMES, defaultIds, maskedTwinId } from "../support/bundles.ts";
import { fetchRead } from "../support/fetch.ts";
import { KEYS } from "./keys.ts";

/** The default scenarios' ids in the shared runtime's library. */
export const { BRANCH, CRISIS, MEGACAP, RATE_SHOCK } = defaultIds(inject("bundlesDir"));
/** The masked twin of the branch scenario (the default subset's test-split scenario). */
export const MASKED = maskedTwinId(inject("bundlesDir"), DEFAULT_NAMES.BRANCH);

export const base = inject("base");
export const KEY = KEYS.main.key;

interface RequestOptions {
  key?: string | null;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** GET (or another method) with a key (the main one unless given; null for none). */
export function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const key = options.key === undefined ? KEY : options.key;
  return fetchRead(base + path, {
    method: options.method ?? "GET",
    headers: { ...(key ? { "X-API-KEY": key } : {}), ...options.headers },
    body: options.body,
  });
}

export const get = (path: string, key?: string | null) => request(path, { key });

/** POST a body: an object as JSON, or text as it is. */
export const post = (path: string, body: object | string, options: Omit<RequestOptions, "method" | "body"> = {}) =>
  request(path, {
    ...options,
    method: "POST",
    headers: { "Content-Type": "application/json", ...options.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

// Bodies are checked against the OpenAPI document in contract.test.ts; here they are read loosely.
export async function json(res: Response): Promise<Record<string, any>> {
  return (await res.json()) as Record<string, unknown>;
}

/** An answer's body, failing on anything but 200 (with its status and text). */
export async function ok(res: Response | Promise<Response>): Promise<Record<string, any>> {
  const r = await res;
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${r.status} ${text}`);
  return JSON.parse(text) as Record<string, any>;
}

/** GET (or POST `sent`) and read the body, failing on anything but 200. */
export async function body(path: string, sent?: object): Promise<Record<string, any>> {
  const res = await (sent ? post(path, sent) : get(path));
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return json(res);
}
