// Per-share figures of a period restated for the splits that went ex after it, by a request's
// horizon: the way adjusted_close restates prices (statements and metrics serve them so).
import type { Context } from "hono";
import type { Shard } from "../bundle/shard.ts";
import { SHARDS } from "../bundle/shards.ts";
import type { Manifest } from "../bundle/types.ts";
import type { AppEnv } from "../env.ts";

export interface Split {
  ex: string;
  ratio: number;
}

/** The instrument's splits gone ex by `last`. */
export async function splitsBy(c: Context<AppEnv>, manifest: Manifest, ticker: string, last: string): Promise<Split[]> {
  const shard = await c.get("reader").shard(manifest, SHARDS.actions.name(ticker));
  if (!shard) return [];
  return shard
    .objects(0, shard.length)
    .filter((a) => a.action_type === "split" && (a.ex_date as string) <= last)
    .map((a) => ({ ex: a.ex_date as string, ratio: (a.details as { ratio: number }).ratio }));
}

/** A company's splits gone ex by `last`, from the every-company splits shard (SHARDS.splits). */
export function splitsIn(shard: Shard, ticker: string, last: string): Split[] {
  const [from, to] = shard.window(`${ticker} `, `${ticker} ${last}`);
  return shard.rows(from, to).map(([, ex, ratio]) => ({ ex, ratio }) as Split);
}

/** How many of today's shares one share at the end of `reportPeriod` became. */
export const splitFactor = (splits: Split[], reportPeriod: string) =>
  splits.filter((s) => s.ex > reportPeriod).reduce((f, s) => f * s.ratio, 1);

/** The row with its per-share figures divided by `factor` (four decimals) and share counts multiplied. */
export function restated<T extends Record<string, unknown>>(
  row: T,
  factor: number,
  perShare: readonly string[],
  counts: readonly string[] = [],
): T {
  if (factor === 1) return row;
  const out: Record<string, unknown> = { ...row };
  for (const k of perShare)
    if (typeof out[k] === "number") out[k] = Math.round(((out[k] as number) / factor) * 1e4) / 1e4;
  for (const k of counts) if (typeof out[k] === "number") out[k] = Math.round((out[k] as number) * factor);
  return out as T;
}
