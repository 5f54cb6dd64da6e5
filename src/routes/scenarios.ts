// Scenarios: the library and each scenario's record and validation report.
import { z } from "zod";
import { bool, date, EXAMPLE_SCENARIO_ID, int, oneOf, page, str, withDefault } from "../contract/params.ts";
import { ScenarioDetail, ScenarioListing, Theme, ValidationReport } from "../contract/resources.ts";
import type { CatalogEntry } from "../bundle/types.ts";
import { notFound } from "../http/errors.ts";
import { dataRoute, serve, type ApiApp } from "../http/route.ts";
import { requireOrderedWindow } from "../http/scenario.ts";

const TAG = "Scenarios";

const scenarioPath = z.object({
  scenario_id: z.string().min(1).max(64).meta({ description: "The scenario.", example: EXAMPLE_SCENARIO_ID }),
});

const listScenarios = dataRoute({
  path: "/scenarios",
  tag: TAG,
  wholeWindow: true,
  summary: "List the scenario library",
  description:
    "No scenario_id needed. Filters combine; the list can grow as scenarios are published. " +
    "`start_date` and `end_date` keep the scenarios whose window (start_date to end_date) overlaps theirs. " +
    "A scenario rebuilt with other content is a new id; the old one keeps serving its bytes and is listed only with `include_superseded`.",
  request: {
    query: z.object({
      name: str(
        { description: "Only the scenario of this name (its current id).", example: "megacap-tech-2023" },
        64,
      ).optional(),
      theme: str(
        { description: "Only scenarios of this theme (`/scenarios/themes`).", example: "megacap-ai-rally" },
        64,
      ).optional(),
      status: str({ description: "Only scenarios in this state.", example: "ready" }, 64).optional(),
      dataset_split: oneOf(["train", "validation", "test", "holdout"], {
        description: "Only scenarios of this evaluation split.",
        example: "test",
      }).optional(),
      scenario_type: str({ description: "Only scenarios of this kind.", example: "long_panel" }, 64).optional(),
      path_mode: oneOf(["historical_context", "future_branch"], {
        description: "Only scenarios of this path mode.",
        example: "historical_context",
      }).optional(),
      min_ticker_count: int({ description: "At least this many instruments.", example: "10" }, 0).optional(),
      max_scenario_day_count: int({ description: "At most this many trading days.", example: "260" }, 0).optional(),
      start_date: date({
        description: "Only scenarios whose window ends on or after this date.",
        example: "2008-01-01",
      }).optional(),
      end_date: date({
        description: "Only scenarios whose window starts on or before this date.",
        example: "2009-12-31",
      }).optional(),
      masked: bool({
        description: "Only masked twins (`true`), or only scenarios that are not (`false`).",
        example: "true",
      }).optional(),
      replica_of: str(
        {
          description: "Only the replicas of the scenario of this name (the same story at other seeds).",
          example: "gfc-2008-quick",
        },
        64,
      ).optional(),
      replicas: bool({
        description:
          "Only replicas (`true`), or only scenarios that are not (`false`): the latter lists each group once.",
        example: "false",
      }).optional(),
      healthy_only: withDefault(
        bool({ description: "Only scenarios that passed validation.", example: "true" }),
        false,
      ),
      include_superseded: withDefault(
        bool({
          description: "Also the earlier versions of each scenario (`superseded_by` names the newer).",
          example: "true",
        }),
        false,
      ),
      ...page(20, 1000),
    }),
  },
  response: z.object({ scenarios: z.array(ScenarioListing) }),
});

const listThemes = dataRoute({
  path: "/scenarios/themes",
  tag: TAG,
  wholeWindow: true,
  summary: "The library's themes",
  description: "No scenario_id needed. Each theme with its title, dataset split and number of scenarios, by name.",
  request: { query: z.object({}) },
  response: z.object({ themes: z.array(Theme) }),
});

const getScenario = dataRoute({
  path: "/scenarios/{scenario_id}",
  tag: TAG,
  wholeWindow: true,
  summary: "One scenario, with its instruments",
  request: { params: scenarioPath },
  response: z.object({ scenario: ScenarioDetail }),
});

const getValidation = dataRoute({
  path: "/scenarios/{scenario_id}/validation",
  tag: TAG,
  wholeWindow: true,
  summary: "A scenario's validation report",
  request: { params: scenarioPath },
  response: z.object({ validation: ValidationReport }),
});

export function register(app: ApiApp): void {
  serve(
    app,
    listScenarios,
    async (q, _, c) => {
      const catalog = await c.get("reader").catalog();
      const rows = catalog.scenarios
        .filter((e) => q.include_superseded || e.superseded_by === null)
        .filter((e) => q.name === undefined || e.scenario.name === q.name)
        .filter((e) => q.theme === undefined || e.scenario.theme === q.theme)
        .filter((e) => q.status === undefined || e.scenario.status === q.status)
        .filter((e) => q.dataset_split === undefined || e.scenario.dataset_split === q.dataset_split)
        .filter((e) => q.scenario_type === undefined || e.scenario.scenario_type === q.scenario_type)
        .filter((e) => q.start_date === undefined || e.scenario.end_date >= q.start_date)
        .filter((e) => q.end_date === undefined || e.scenario.start_date <= q.end_date)
        .filter((e) => q.path_mode === undefined || e.scenario.public_summary.path_mode === q.path_mode)
        .filter((e) => q.min_ticker_count === undefined || e.ticker_count >= q.min_ticker_count)
        .filter((e) => q.max_scenario_day_count === undefined || e.day_count <= q.max_scenario_day_count)
        .filter((e) => q.masked === undefined || (e.masked ?? false) === q.masked)
        .filter((e) => q.replica_of === undefined || e.scenario.replica_of === q.replica_of)
        .filter((e) => q.replicas === undefined || Boolean(e.scenario.replica_of) === q.replicas)
        .filter((e) => !q.healthy_only || e.healthy)
        .slice(q.offset, q.offset + q.limit)
        .map(listing);
      return { scenarios: rows };
    },
    (q) => requireOrderedWindow(q.start_date, q.end_date),
  );

  // Registered before /scenarios/{scenario_id}, which would take "themes" for an id.
  serve(app, listThemes, async (_, __, c) => ({ themes: themesOf((await c.get("reader").catalog()).scenarios) }));

  serve(app, getScenario, async (_, scenario, c) => ({
    scenario: {
      ...scenario.manifest.scenario,
      replica_of: scenario.manifest.scenario.replica_of ?? null,
      available_tickers: await scenario.instrumentTickers(),
      baselines: (await c.get("reader").catalogEntry(scenario.manifest.scenario.id))?.baselines ?? [],
    },
  }));

  serve(app, getValidation, async (_, scenario) => {
    const validation = await scenario.validation();
    if (!validation) throw notFound("Validation report not found");
    return { validation };
  });
}

const listing = (e: CatalogEntry) => ({
  ...e.scenario,
  // Scenarios built before replicas existed have no such field.
  replica_of: e.scenario.replica_of ?? null,
  superseded_by: e.superseded_by,
  twin_scenario_id: e.twin_scenario_id,
  masked: e.masked ?? false,
  baselines: e.baselines ?? [],
});

/** The themes of the current versions, by name. */
function themesOf(entries: CatalogEntry[]): z.infer<typeof Theme>[] {
  const themes = new Map<string, z.infer<typeof Theme>>();
  for (const { scenario: s, superseded_by } of entries) {
    if (superseded_by !== null) continue;
    const theme = themes.get(s.theme) ?? {
      theme: s.theme,
      title: s.public_summary.scenario_theme,
      dataset_split: s.dataset_split,
      path_mode: s.public_summary.path_mode,
      scenario_count: 0,
    };
    theme.scenario_count++;
    themes.set(s.theme, theme);
  }
  return [...themes.values()].sort((a, b) => (a.theme < b.theme ? -1 : 1));
}
