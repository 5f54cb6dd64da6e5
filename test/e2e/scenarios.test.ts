// The scenario library, a scenario's record and its validation report.
import { describe, expect, it } from "vitest";
import { body, BRANCH, CRISIS, get, json, MASKED, MEGACAP, RATE_SHOCK } from "./client.ts";

describe("scenarios", () => {
  it.each([
    // The masked twin of the branch scenario is listed under a name of its own.
    ["", [BRANCH, CRISIS, MASKED, MEGACAP, RATE_SHOCK]],
    ["?status=ready&healthy_only=true", [BRANCH, CRISIS, MASKED, MEGACAP, RATE_SHOCK]],
    ["?masked=true", [MASKED]],
    ["?masked=false", [BRANCH, CRISIS, MEGACAP, RATE_SHOCK]],
    ["?status=draft", []],
    ["?min_ticker_count=19", [CRISIS, MEGACAP, RATE_SHOCK]],
    ["?min_ticker_count=20", [CRISIS]],
    ["?max_scenario_day_count=250", [MEGACAP]],
    ["?path_mode=future_branch", [BRANCH, MASKED]],
    ["?path_mode=historical_context&limit=1&offset=1", [MEGACAP]],
    ["?dataset_split=train", [CRISIS, MEGACAP]],
    ["?dataset_split=test", [BRANCH, MASKED]],
    ["?dataset_split=holdout", []],
    ["?scenario_type=macro_shock", [RATE_SHOCK]],
    // Windows that overlap: 2008 lies inside the long panel; 2022-12-30 is rate-shock's last day.
    ["?start_date=2008-01-01&end_date=2008-12-31", [CRISIS]],
    ["?start_date=2022-12-30&end_date=2022-12-30", [RATE_SHOCK]],
    ["?start_date=2023-06-01", [BRANCH, MASKED, MEGACAP]],
    ["?end_date=2005-01-03", [CRISIS]],
    ["?end_date=2005-01-02", []],
    ["?dataset_split=train&start_date=2023-01-01", [MEGACAP]],
  ])("filters /scenarios%s", async (query, ids) => {
    const { scenarios } = await body(`/scenarios${query}`);
    expect(scenarios.map((s: { id: string }) => s.id)).toEqual(ids);
  });

  it("serves the detail with every documented field and the available tickers", async () => {
    const { scenario } = await body(`/scenarios/${MEGACAP}`);
    expect(scenario).toMatchObject({ id: MEGACAP, status: "ready", start_date: "2023-01-03", end_date: "2023-12-29" });
    expect(Object.keys(scenario.public_summary).sort()).toEqual([
      "agent_task",
      "macro_regime",
      "market_description",
      "market_mechanics",
      "path_mode",
      "scenario_theme",
      "scenario_title",
    ]);
    const { tickers } = await body(`/prices/tickers?scenario_id=${MEGACAP}`);
    expect(scenario.available_tickers).toEqual(tickers);
    expect(tickers).toHaveLength(19);
    expect(tickers).toEqual(expect.arrayContaining(["AAPL", "BRK-B", "SPY", "XLK"]));
  });

  it("serves the validation report in the structure of docs/api-choices.md", async () => {
    const { validation } = await body(`/scenarios/${MEGACAP}/validation`);
    expect(validation).toMatchObject({ scenario_id: MEGACAP, healthy: true, summary: { failed: 0 } });
    expect(validation.checks.map((c: { name: string }) => c.name)).toContain("ohlc_ordering");
    for (const check of validation.checks) {
      expect(Object.keys(check)).toEqual(
        expect.arrayContaining(["name", "family", "passed", "observed", "expected", "detail"]),
      );
    }
  });

  it("tells a request that sends a scenario's name as its id which id to send", async () => {
    const { scenario } = await body(`/scenarios/${MEGACAP}`);
    for (const path of [`/prices?scenario_id=${scenario.name}&ticker=AAPL`, `/scenarios/${scenario.name}`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await json(res)).toEqual({
        detail: `Scenario not found: '${scenario.name}' is the name of scenario ${MEGACAP}; send that scenario_id`,
      });
    }
  });
});
