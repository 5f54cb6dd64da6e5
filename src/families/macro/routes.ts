// The macro tape and central-bank policy rates.
import { MACRO_SHARDS } from "./shards.ts";
import { z } from "zod";
import type { FilteredRows } from "../../bundle/as-of.ts";
import { asOf, endDate, page, scenarioId, startDate, str } from "../../contract/params.ts";
import { Bank, InterestRate, MacroObservation } from "./rows.ts";
import { notFound } from "../../http/errors.ts";
import { jsonArray } from "../../http/json.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { pageRange, requireOrderedWindow, type Scenario } from "../../http/scenario.ts";

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

/** The bank's decisions announced by the horizon; 404 for a bank the scenario does not hold. */
async function rateShard(scenario: Scenario, code: string): Promise<FilteredRows> {
  const shard = await scenario.filtered(MACRO_SHARDS.rates, code);
  if (!shard) throw notFound(`Bank ${code} not found`);
  return shard;
}

export function register(app: ApiApp): void {
  serve(
    app,
    macro,
    async (q, scenario) => {
      const shard = await scenario.dated(MACRO_SHARDS.macro);
      if (!shard) return { macro_data: [] };
      const window = pageRange(...shard.window(q.start_date, q.end_date), q.offset, q.limit);
      return { macro_data: jsonArray<MacroObservation>([shard.json(...window)]) };
    },
    (q) => requireOrderedWindow(q.start_date, q.end_date),
  );

  serve(
    app,
    interestRates,
    async (q, scenario) => {
      const shard = await rateShard(scenario, q.bank);
      return {
        interest_rates: shard.visible(...shard.window(q.start_date, q.end_date)).map(({ row }) => row as InterestRate),
      };
    },
    (q) => requireOrderedWindow(q.start_date, q.end_date),
  );

  serve(app, rateSnapshot, async (q, scenario) => {
    const shard = await rateShard(scenario, q.bank);
    // In force on the horizon: the last decision announced and effective by then.
    const announced = shard.visible(...shard.window(undefined, scenario.horizon));
    if (!announced.length) throw notFound(`No ${q.bank} policy rate in force on ${scenario.horizon}`);
    return { interest_rate: announced[announced.length - 1].row as InterestRate };
  });

  serve(app, banks, async (_, __, c) => {
    const catalog = await c.get("reader").catalog();
    return { banks: catalog.banks };
  });
}
