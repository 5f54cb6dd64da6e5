// Point in time by construction: a route declared here, with no horizon code of its own, reads whole
// shards of each kind of visibility (rows keyed by their date, keyed by ticker then date, and dated
// by a column) and cannot see a row made public after the scenario's current_date, or after `as_of`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unpack } from "msgpackr";
import { z } from "zod";
import { describe, expect, inject, it } from "vitest";
import { allOf } from "../../src/bundle/shards.ts";
import { SHARDS } from "../../src/families/shards.ts";
import { Shard } from "../../src/bundle/shard.ts";
import { manifestKey, shardKey } from "../../src/bundle/layout.ts";
import type { Manifest } from "../../src/bundle/types.ts";
import { createApp } from "../../src/app.ts";
import { asOf, scenarioId, ticker } from "../../src/contract/params.ts";
import { dataRoute, serve } from "../../src/http/route.ts";
import { bindingsOver } from "../support/bindings.ts";
import { defaultIds } from "../support/bundles.ts";

const libraryDir = inject("libraryDir");
const { BRANCH, MEGACAP } = defaultIds(libraryDir);

const KEY = "sm_horizon_probe_key_01";
const env = bindingsOver((key) => {
  try {
    return new Uint8Array(readFileSync(join(libraryDir, key)));
  } catch {
    return null;
  }
});

/** The throwaway route: every date of every row it can read, by kind. */
const probe = dataRoute({
  path: "/probe/visible",
  tag: "Probe",
  summary: "Every row a route can read",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: ticker({ description: "A company.", example: "NVDA" }),
      as_of: asOf("rows").optional(),
    }),
  },
  response: z.object({ dates: z.record(z.string(), z.array(z.string())) }),
});

const app = createApp();
serve(app, probe, async (q, scenario) => {
  const events = await scenario.dated(SHARDS.events, q.ticker);
  const income = await scenario.filtered(SHARDS.income, q.ticker);
  const byFiling = await Promise.all(
    Object.keys(scenario.manifest.periods["metrics/all"]).map((year) =>
      scenario.byTicker(SHARDS.metricsSnapshot, allOf(year)),
    ),
  );
  return {
    dates: {
      events: events!.objects(0, events!.length).map((e) => e.visible_from as string),
      statements: income!.visible(...income!.window()).map(({ row }) => row.filing_date as string),
      metrics: byFiling.flatMap((rows) => {
        const [from, to] = rows!.of(q.ticker);
        return Array.from({ length: to - from }, (_, k) => rows!.key(from + k).split(" ")[1]);
      }),
    },
  };
});

/** The same kinds read straight from the bundle, every row. */
function everyRow(scenario: string, company: string): Record<string, string[]> {
  const shard = (name: string) => new Shard(new Uint8Array(readFileSync(join(libraryDir, shardKey(scenario, name)))));
  const manifest = unpack(readFileSync(join(libraryDir, manifestKey(scenario)))) as Manifest;
  const events = shard(SHARDS.events.name(company));
  const income = shard(SHARDS.income.name(company));
  return {
    events: events.objects(0, events.length).map((e) => e.visible_from as string),
    statements: income.objects(0, income.length).map((r) => r.filing_date as string),
    metrics: Object.keys(manifest.periods["metrics/all"]).flatMap((year) =>
      shard(SHARDS.metricsSnapshot.name(allOf(year)))
        .keys.filter((k) => k.startsWith(`${company} `))
        .map((k) => k.split(" ")[1]),
    ),
  };
}

async function probeAt(scenario: string, company: string, asOfDate?: string) {
  const res = await app.request(
    `/probe/visible?scenario_id=${scenario}&ticker=${company}${asOfDate ? `&as_of=${asOfDate}` : ""}`,
    { headers: { "X-API-KEY": KEY } },
    env,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { dates: Record<string, string[]> }).dates;
}

describe("a route without horizon code", () => {
  it.each([
    ["the current_date of a future branch", BRANCH, "NVDA", undefined, "2025-10-31"],
    ["as_of", MEGACAP, "AAPL", "2023-06-15", "2023-06-15"],
  ])("sees every row public by %s and none after it", async (_, scenario, company, asOfDate, horizon) => {
    const seen = await probeAt(scenario, company, asOfDate);
    const all = everyRow(scenario, company);
    for (const kind of ["events", "statements", "metrics"]) {
      // The bundle holds rows on both sides of the horizon, so the test can fail.
      expect(
        all[kind].some((d) => d > horizon),
        kind,
      ).toBe(true);
      expect(
        all[kind].some((d) => d <= horizon),
        kind,
      ).toBe(true);
      expect([...seen[kind]].sort(), kind).toEqual(all[kind].filter((d) => d <= horizon).sort());
    }
  });
});
