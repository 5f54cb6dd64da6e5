import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { notFound } from "../http/errors.ts";
import { date, page, defineQuery, str } from "../http/query.ts";
import { cachedJson } from "../http/respond.ts";
import { loadManifest, pageRange, requireOrderedWindow, scenarioParam } from "../http/scenario.ts";
import type { Context } from "hono";
import { SHARDS } from "../bundle/shards.ts";
import type { Manifest } from "../bundle/types.ts";

export const macro = new Hono<AppEnv>();

const bankParam = { bank: str(16).transform((b) => b.trim().toUpperCase()) };
const macroQuery = defineQuery({
  ...scenarioParam,
  start_date: date().optional(),
  end_date: date().optional(),
  ...page(500, 10000),
});
const macroInterestRatesQuery = defineQuery({
  ...scenarioParam,
  ...bankParam,
  start_date: date().optional(),
  end_date: date().optional(),
});
const macroInterestRatesSnapshotQuery = defineQuery({ ...scenarioParam, ...bankParam, as_of: date().optional() });

macro.get("/macro", async (c) => {
  const q = macroQuery(new URL(c.req.url));
  requireOrderedWindow(q.start_date, q.end_date);
  const manifest = await loadManifest(c, q.scenario_id);
  const shard = (await c.get("reader").shard(manifest, SHARDS.macro.name()))!;
  const [from, to] = pageRange(...shard.window(q.start_date, q.end_date), q.offset, q.limit);
  return cachedJson(c, { macro_data: shard.objects(from, to) });
});

async function rateShard(c: Context<AppEnv>, manifest: Manifest, bank: string) {
  const shard = await c.get("reader").shard(manifest, SHARDS.rates.name(bank));
  if (!shard) throw notFound(`Bank ${bank} not found`);
  return shard;
}

macro.get("/macro/interest-rates", async (c) => {
  const q = macroInterestRatesQuery(new URL(c.req.url));
  requireOrderedWindow(q.start_date, q.end_date);
  const manifest = await loadManifest(c, q.scenario_id);
  const shard = await rateShard(c, manifest, q.bank);
  const [from, to] = shard.window(q.start_date, q.end_date);
  return cachedJson(c, { interest_rates: shard.objects(from, to) });
});

macro.get("/macro/interest-rates/snapshot", async (c) => {
  const q = macroInterestRatesSnapshotQuery(new URL(c.req.url));
  const manifest = await loadManifest(c, q.scenario_id);
  const shard = await rateShard(c, manifest, q.bank);
  const asOf = q.as_of ?? manifest.scenario.current_date;
  const last = shard.lastAtOrBefore(asOf);
  if (last < 0) throw notFound(`No ${q.bank} policy rate in force on ${asOf}`);
  return cachedJson(c, { interest_rate: shard.objects(last, last + 1)[0] });
});

macro.get("/macro/interest-rates/banks", async (c) => {
  const catalog = await c.get("reader").catalog();
  return cachedJson(c, { banks: catalog.banks });
});
