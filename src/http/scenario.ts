// What every data route does with its scenario: find it, bound its time, find its shards.
import type { Context } from "hono";
import type { Shard } from "../bundle/shard.ts";
import { ALL, type ShardKind } from "../bundle/shards.ts";
import type { Manifest } from "../bundle/types.ts";
import type { AppEnv } from "../env.ts";
import { badRequest, notFound } from "./errors.ts";

/** The scenario's manifest; 404 "Scenario not found" for an id the catalog does not hold. */
export async function loadManifest(c: Context<AppEnv>, scenarioId: string): Promise<Manifest> {
  const reader = c.get("reader");
  const manifest = (await reader.catalogEntry(scenarioId)) ? await reader.manifest(scenarioId) : null;
  if (!manifest) throw notFound("Scenario not found");
  return manifest;
}

/**
 * The last date a request may see: its `as_of`, or the scenario's current_date. A future branch
 * (the days after current_date) is served only to an explicit later `as_of`.
 */
export function horizon(manifest: Manifest, asOf: string | undefined): string {
  return asOf ?? manifest.scenario.current_date;
}

/** The earlier of two optional dates (`end_date` and the horizon both bound a window from above). */
export function earliest(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a < b ? a : b;
}

/** 400 for an inverted date window: it cannot be served (an empty but valid window is 200). */
export function requireOrderedWindow(start: string | undefined, end: string | undefined): void {
  if (start && end && start > end) throw badRequest("Query parameter 'start_date' must not be after 'end_date'");
}

/** Apply offset/limit to an index range [from, to). */
export function pageRange(from: number, to: number, offset: number, limit: number): [number, number] {
  const start = Math.min(to, from + offset);
  return [start, Math.min(to, start + limit)];
}

/** 404 unless the scenario holds the instrument (any kind: company, fund, warrant). */
export function requireTicker(manifest: Manifest, ticker: string): void {
  if (!manifest.tickers.prices.includes(ticker)) throw notFound(`Ticker ${ticker} not found in scenario`);
}

/** A shard the answer cannot do without: 404 with `detail` when the scenario has none. */
export async function requireShard(
  c: Context<AppEnv>,
  manifest: Manifest,
  name: string,
  detail: string,
): Promise<Shard> {
  const shard = await c.get("reader").shard(manifest, name);
  if (!shard) throw notFound(detail);
  return shard;
}

/**
 * The shard to answer a ticker filter from (SPEC rule 4: an instrument without rows has no shard,
 * and gets an empty list): one ticker reads its own shard, several filter the market-wide one.
 * Every ticker must be in the scenario (404 otherwise).
 */
export async function tickerShard(
  c: Context<AppEnv>,
  manifest: Manifest,
  kind: ShardKind<readonly string[]>,
  tickers: string[] | undefined,
): Promise<{ shard: Shard | null; ofTickers?: (row: Record<string, unknown>) => boolean }> {
  for (const t of tickers ?? []) requireTicker(manifest, t);
  const one = tickers?.length === 1 ? tickers[0] : undefined;
  const shard = await c.get("reader").shard(manifest, kind.name(one ?? ALL));
  if (one || !tickers) return { shard };
  const wanted = new Set<unknown>(tickers);
  return { shard, ofTickers: (row) => wanted.has(row.ticker) };
}
