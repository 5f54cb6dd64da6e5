// What every data route does with its scenario: find it, bound its time, find its shards and read
// rows out of them (as JSON text where the shard stores it).
import type { Context } from "hono";
import type { Shard } from "../bundle/shard.ts";
import { allOf, monthOf, SHARDS, yearOf, type InstrumentKind, type ShardKind } from "../bundle/shards.ts";
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

/** Index of the row whose key is exactly `key`, or -1. */
export function find(shard: Shard, key: string): number {
  const i = shard.lowerBound(key);
  return i < shard.length && shard.keys[i] === key ? i : -1;
}

/** Every instrument with prices, by ticker (company, fund or warrant). */
export function instruments(c: Context<AppEnv>, manifest: Manifest): Promise<Shard> {
  return requireShard(c, manifest, SHARDS.instruments.name(), "Scenario has no instruments");
}

/** The operating companies' facts, by ticker. */
export function companiesShard(c: Context<AppEnv>, manifest: Manifest): Promise<Shard> {
  return requireShard(c, manifest, SHARDS.companies.name(), "Scenario has no companies");
}

/** The instrument's kind; 404 unless the scenario holds it. */
export async function requireTicker(c: Context<AppEnv>, manifest: Manifest, ticker: string): Promise<InstrumentKind> {
  const shard = await instruments(c, manifest);
  const i = find(shard, ticker);
  if (i < 0) throw notFound(`Ticker ${ticker} not found in scenario`);
  return shard.rows(i, i + 1)[0][1] as InstrumentKind;
}

/** Row texts of rows [from, to), newest first. */
function newestFirstText(shard: Shard, from: number, to: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = to - 1; i >= from; i--) out.push(shard.json(i, i + 1));
  return out;
}

interface Page {
  /** Inclusive date window on the shards' key. */
  first?: string;
  last?: string;
  offset: number;
  limit: number;
  keep?: (row: Record<string, unknown>) => boolean;
}

/**
 * Rows of shards read newest first (the most recent shard first), filtered and paged, as row texts.
 * Each shard is read only while rows are still needed; `counts` (rows per shard, from the manifest)
 * lets an unfiltered page skip whole shards it lies beyond without reading them.
 */
async function newestFirst(
  c: Context<AppEnv>,
  manifest: Manifest,
  shards: { name: string; whole: boolean; count?: number }[],
  page: Page,
): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  let skip = page.offset;
  for (const { name, whole, count } of shards) {
    const need = page.limit - out.length;
    if (need <= 0) break;
    if (!page.keep && whole && count !== undefined && skip >= count) {
      skip -= count;
      continue;
    }
    const shard = await c.get("reader").shard(manifest, name);
    if (!shard) continue;
    const [from, to] = shard.window(page.first, page.last);
    if (!page.keep) {
      const end = Math.max(from, to - skip);
      skip -= to - end;
      out.push(...newestFirstText(shard, Math.max(from, end - need), end));
      continue;
    }
    const rows = shard.objects(from, to);
    for (let i = to - 1; i >= from && out.length < page.limit; i--) {
      if (!page.keep(rows[i - from])) continue;
      if (skip > 0) skip--;
      else out.push(shard.json(i, i + 1));
    }
  }
  return out;
}

/**
 * Newest first over a resource kept per ticker and per year of all tickers (events, corporate
 * actions): one ticker reads its own shard; several, or none, read the yearly shards (several
 * filtered to those tickers). Every ticker must be in the scenario (404 otherwise); an instrument
 * without rows has no shard and gets an empty list (SPEC rule 4).
 */
export async function newestFirstByTickerOrYear(
  c: Context<AppEnv>,
  manifest: Manifest,
  kind: ShardKind,
  tickers: string[] | undefined,
  page: Page,
): Promise<Uint8Array[]> {
  for (const t of tickers ?? []) await requireTicker(c, manifest, t);
  if (tickers?.length === 1) return newestFirst(c, manifest, [{ name: kind.name(tickers[0]), whole: false }], page);
  const wanted = tickers ? new Set<unknown>(tickers) : undefined;
  const keep =
    wanted || page.keep
      ? (row: Record<string, unknown>) => (!wanted || wanted.has(row.ticker)) && (!page.keep || page.keep(row))
      : undefined;
  const counts = manifest.periods[kind.name("all")] ?? {};
  const years = Object.keys(counts)
    .filter((y) => (!page.first || y >= yearOf(page.first)) && (!page.last || y <= yearOf(page.last)))
    .sort()
    .reverse();
  const shards = years.map((year) => ({
    name: kind.name(allOf(year)),
    count: counts[year],
    whole: (!page.first || page.first <= `${year}-01-01`) && (!page.last || page.last >= `${year}-12-31`),
  }));
  return newestFirst(c, manifest, shards, { ...page, keep });
}

/**
 * The market snapshot of the last trading day on or before `date`: its month's shard and the day's
 * rows [from, to) (one per instrument, by ticker), or null before the first day.
 */
export async function marketDay(
  c: Context<AppEnv>,
  manifest: Manifest,
  date: string,
): Promise<{ shard: Shard; from: number; to: number; day: string } | null> {
  const months = Object.keys(manifest.periods["market/snapshots"] ?? {})
    .filter((m) => m <= monthOf(date))
    .sort()
    .reverse();
  for (const month of months) {
    const shard = await c.get("reader").shard(manifest, SHARDS.marketSnapshots.name(month));
    const last = shard ? shard.upperBound(`${date}~`) - 1 : -1; // keys are "<day> <ticker>"
    if (!shard || last < 0) continue;
    const day = shard.keys[last].slice(0, 10);
    const [from, to] = shard.window(`${day} `, `${day}~`);
    return { shard, from, to, day };
  }
  return null;
}
