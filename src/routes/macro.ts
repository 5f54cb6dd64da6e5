// The macro tape and central-bank policy rates.
import { z } from "zod";
import { SHARDS } from "../bundle/shards.ts";
import type { Manifest } from "../bundle/types.ts";
import { asOf, endDate, page, scenarioId, startDate, str } from "../contract/params.ts";
import { Bank, InterestRate, MacroObservation } from "../contract/resources.ts";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { notFound } from "../http/errors.ts";
import { jsonArray } from "../http/json.ts";
import { dataRoute, serve, type ApiApp } from "../http/route.ts";
import { earliest, horizon, loadManifest, pageRange, requireOrderedWindow, requireShard } from "../http/scenario.ts";

const TAG = "Macro";

const bank = () =>
  str({ description: "Central-bank code (see `/macro/interest-rates/banks`), any case.", example: "FED" }, 16)
    .transform((b) => b.trim().toUpperCase())
    .pipe(z.string().min(1, "must not be empty"));

const macro = dataRoute({
  path: "/macro",
  tag: TAG,
  summary: "The macro tape",
  description: "Ascending by date, up to the scenario's current_date unless `as_of` says otherwise.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      start_date: startDate().optional(),
      end_date: endDate().optional(),
      as_of: asOf("observations").optional(),
      ...page(500, 10000),
    }),
  },
  response: z.object({ macro_data: z.array(MacroObservation) }),
});

const interestRates = dataRoute({
  path: "/macro/interest-rates",
  tag: TAG,
  summary: "A central bank's policy decisions",
  description:
    "Ascending by effective date; the first row is the rate in force at the scenario's start. " +
    "Decisions announced by the horizon (`as_of`, or current_date); the window bounds effective dates.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      bank: bank(),
      start_date: startDate().optional(),
      end_date: endDate().optional(),
      as_of: asOf("decisions announced").optional(),
    }),
  },
  response: z.object({ interest_rates: z.array(InterestRate) }),
});

const rateSnapshot = dataRoute({
  path: "/macro/interest-rates/snapshot",
  tag: TAG,
  summary: "The policy rate in force on a date",
  request: {
    query: z.object({ scenario_id: scenarioId(), bank: bank(), as_of: asOf("decisions").optional() }),
  },
  response: z.object({ interest_rate: InterestRate }),
});

const banks = dataRoute({
  path: "/macro/interest-rates/banks",
  tag: TAG,
  summary: "Central banks with policy-rate series",
  description: "No scenario_id needed.",
  request: {},
  response: z.object({ banks: z.array(Bank) }),
});

const rateShard = (c: Context<AppEnv>, manifest: Manifest, code: string) =>
  requireShard(c, manifest, SHARDS.rates.name(code), `Bank ${code} not found`);

export function register(app: ApiApp): void {
  serve(app, macro, async (q, c) => {
    requireOrderedWindow(q.start_date, q.end_date);
    const manifest = await loadManifest(c, q.scenario_id);
    const shard = await c.get("reader").shard(manifest, SHARDS.macro.name());
    if (!shard) return { macro_data: [] };
    const last = earliest(q.end_date, horizon(manifest, q.as_of));
    const window = pageRange(...shard.window(q.start_date, last), q.offset, q.limit);
    return { macro_data: jsonArray<MacroObservation>([shard.json(...window)]) };
  });

  serve(app, interestRates, async (q, c) => {
    requireOrderedWindow(q.start_date, q.end_date);
    const manifest = await loadManifest(c, q.scenario_id);
    const shard = await rateShard(c, manifest, q.bank);
    const [from, to] = shard.window(q.start_date, q.end_date);
    const last = horizon(manifest, q.as_of);
    const rows = (shard.objects(from, to) as InterestRate[]).filter((r) => r.announcement_date <= last);
    return { interest_rates: rows };
  });

  serve(app, rateSnapshot, async (q, c) => {
    const manifest = await loadManifest(c, q.scenario_id);
    const shard = await rateShard(c, manifest, q.bank);
    const asOfDate = horizon(manifest, q.as_of);
    const last = shard.lastAtOrBefore(asOfDate);
    if (last < 0) throw notFound(`No ${q.bank} policy rate in force on ${asOfDate}`);
    return { interest_rate: shard.objects(last, last + 1)[0] as InterestRate };
  });

  serve(app, banks, async (_, c) => {
    const catalog = await c.get("reader").catalog();
    return { banks: catalog.banks };
  });
}
