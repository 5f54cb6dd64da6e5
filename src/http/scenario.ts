import type { Context } from "hono";
import type { Manifest } from "../bundle/types.ts";
import type { AppEnv } from "../env.ts";
import { badRequest, notFound } from "./errors.ts";
import { defineQuery, str } from "./query.ts";

/** The `scenario_id` parameter every data endpoint requires (SPEC rule 1). */
export const scenarioParam = { scenario_id: str(64) };

/** The scenario's manifest; 404 "Scenario not found" for an id the catalog does not hold. */
export async function loadManifest(c: Context<AppEnv>, scenarioId: string): Promise<Manifest> {
  const reader = c.get("reader");
  const manifest = (await reader.catalogEntry(scenarioId)) ? await reader.manifest(scenarioId) : null;
  if (!manifest) throw notFound("Scenario not found");
  return manifest;
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

/** The earlier of two optional dates (`end_date` and `as_of` both bound a window from above). */
export function earliest(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a < b ? a : b;
}

/** Endpoints whose only parameter is `scenario_id`. */
export const scenarioOnlyQuery = defineQuery(scenarioParam);
