// Clock keys (docs/clock-keys.md): a key bound to one scenario and a horizon date. Its request is
// rewritten before anything else sees it: every point-in-time parameter later than the horizon
// becomes the horizon, and one not given is the horizon, so the answer, its ETag and the isolate's
// caches are exactly those of the same request made with `as_of` at the horizon. Nothing after it
// can be served, however the request is phrased.
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import type { Clock } from "../keys.ts";
import { momentOf } from "../contract/instant.ts";
import { ApiError } from "./errors.ts";

/** The header on every answer to a clock key: its horizon. */
export const CLOCK_HEADER = "X-Clock-Horizon";

const forbidden = (clock: Clock, what: string) =>
  new ApiError(
    403,
    `This key is a clock key: it reads scenario ${clock.scenario_id} up to ${clock.horizon} only, ${what}`,
  );

/**
 * The input a clock key's request is answered with (the input itself for any other key); 403 for
 * another scenario, or for a route whose answer describes whole windows (`wholeWindow`: the catalog,
 * a validation report, a bulk export).
 */
export function clocked<I extends Record<string, unknown>>(
  c: Context<AppEnv>,
  input: I,
  pointInTime: readonly string[],
  wholeWindow = false,
): I {
  const clock = c.get("clock");
  if (!clock) return input;
  if (wholeWindow) throw forbidden(clock, "not the catalog, a validation report or a bulk export");
  const id = input.scenario_id;
  if (id === undefined) return input; // a vocabulary (event types, banks): the same in every scenario
  if (id !== clock.scenario_id) throw forbidden(clock, `not scenario ${String(id)}`);
  const out: Record<string, unknown> = { ...input };
  for (const name of pointInTime) {
    const given = out[name];
    if (typeof given === "string" && momentOf(given) > momentOf(clock.horizon)) out[name] = clock.horizon;
  }
  out.as_of ??= clock.horizon;
  return out as I;
}
