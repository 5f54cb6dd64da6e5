// docs/adding-a-family.md, run: its `briefs` family (a brief the day of each earnings release,
// naming that release) declared, added to the registry after the events it reads, built into a
// small world, served by its route, and read back point in time.
import { pack } from "msgpackr";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompanyEventsPart } from "../../build/families/events/family.ts";
import type { Calendar, Family } from "../../build/ground/family.ts";
import { FAMILIES } from "../../build/families/registry.ts";
import { emitTickerAndYears } from "../../build/ground/rows.ts";
import { RuleTally } from "../../build/ground/rules.ts";
import { buildScenario, toRecord, type BuiltScenario } from "../../build/pipeline/scenario-build.ts";
import { familiesOf } from "../../build/pipeline/world.ts";
import { CATALOG_KEY, scenarioKey } from "../../src/bundle/layout.ts";
import { kind, perPart } from "../../src/bundle/shards.ts";
import type { Catalog } from "../../src/bundle/types.ts";
import { createApp } from "../../src/app.ts";
import { asOf, endDate, page, scenarioId, startDate, tickers } from "../../src/contract/params.ts";
import { jsonArray } from "../../src/http/json.ts";
import { dataRoute, serve } from "../../src/http/route.ts";
import { requireOrderedWindow } from "../../src/http/scenario.ts";
import { bindingsOver } from "../support/bindings.ts";
import { smallWorldSource } from "../support/worlds.ts";

// 1. Its shards (in src/bundle/shards.ts, as an entry of SHARDS).
const BRIEFS = kind(perPart("briefs"), ["published_at", "article_id", "ticker", "headline", "event_id"], {
  visible: "key",
  period: "year",
  served: {},
});

// 2. The family module.
interface Brief {
  published_at: string;
  article_id: string;
  ticker: string;
  headline: string;
  event_id: string;
}

interface CompanyBriefs {
  briefs: Brief[];
}

const briefs: Family<Calendar, object, CompanyEventsPart, CompanyBriefs> = {
  name: "briefs",
  context: () => ({}),
  company: (_, { facts, events }) => ({
    briefs: events
      .filter((e) => e.event_type === "earnings_release")
      .map((e) => ({
        published_at: e.event_date,
        article_id: `brief_${e.event_id}`,
        ticker: facts.ticker,
        headline: `${facts.name}: ${e.public_summary}`,
        event_id: e.event_id,
      })),
  }),
  companyContext: (company, cut) => ({ briefs: company.briefs.filter((a) => a.published_at <= cut.date) }),
  companyShards: (_, { facts, briefs }, emit) => emitTickerAndYears(emit, BRIEFS, facts.ticker, briefs),
  companyChecks: () => {
    const tally = new RuleTally(
      "briefs_after_event",
      "briefs",
      "an article is published on or after the event it reports",
    );
    return {
      company: ({ events, briefs }) => {
        const released = new Map(events.map((e) => [e.event_id, e.event_date]));
        for (const a of briefs) {
          tally.rows++;
          if (!(a.published_at >= released.get(a.event_id)!)) tally.violation(a.article_id);
        }
      },
      finish: () => [tally.check()],
    };
  },
};

// 3. Registered after every family it reads.
const WITH_BRIEFS = familiesOf(FAMILIES.add(briefs));

// Serving it: the route.
const Brief = z.object({
  published_at: z.string(),
  article_id: z.string(),
  ticker: z.string(),
  headline: z.string(),
  event_id: z.string(),
});
const briefsRoute = dataRoute({
  path: "/briefs",
  tag: "Briefs",
  summary: "Briefs",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: tickers("Only these companies' articles", "AAPL"),
      as_of: asOf("articles").optional(),
      start_date: startDate().optional(),
      end_date: endDate().optional(),
      ...page(100, 500),
    }),
  },
  response: z.object({ briefs: z.array(Brief) }),
});
const app = createApp();
serve(
  app,
  briefsRoute,
  async (q, scenario) => {
    const rows = await scenario.newestFirstByTickerOrPeriod(BRIEFS, q.ticker, {
      first: q.start_date,
      last: q.end_date,
      offset: q.offset,
      limit: q.limit,
    });
    return { briefs: jsonArray<z.infer<typeof Brief>>(rows) };
  },
  (q) => requireOrderedWindow(q.start_date, q.end_date),
);

// A small world (test/support/worlds.ts: six companies, one year), built in memory with the briefs family.
const source = smallWorldSource();
const objects = new Map<string, Uint8Array>();
let built: BuiltScenario;
beforeAll(() => {
  const written = new Map<string, Uint8Array>();
  built = buildScenario(source, toRecord(source), (path, bytes) => written.set(path, bytes), undefined, WITH_BRIEFS);
  for (const [path, bytes] of written) objects.set(scenarioKey(built.manifest.scenario.id, path), bytes);
  const catalog: Catalog = {
    format: 3,
    scenarios: [
      {
        scenario: built.manifest.scenario,
        ticker_count: 0,
        day_count: 0,
        healthy: true,
        content_hash: built.manifest.content_hash,
        superseded_by: null,
        twin_scenario_id: null,
      },
    ],
    index_funds: [],
    banks: [],
  };
  objects.set(CATALOG_KEY, pack(catalog));
}, 120_000);
afterAll(() => objects.clear());

const env = bindingsOver((key) => objects.get(key) ?? null);

async function read(query: string): Promise<z.infer<typeof Brief>[]> {
  const res = await app.request(
    `/briefs?scenario_id=${built.manifest.scenario.id}${query}`,
    { headers: { "X-API-KEY": "sm_news_example_key_01" } },
    env,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { briefs: z.infer<typeof Brief>[] }).briefs;
}

describe("a family added as docs/adding-a-family.md says", () => {
  it("is built: its shards, period counts and check", () => {
    expect(objects.has(`scenarios/${built.manifest.scenario.id}/shards/briefs/AAPL.mpk`)).toBe(true);
    expect(Object.keys(built.manifest.periods["briefs/all"])).toEqual(["2023"]);
    const check = built.report.checks.find((c) => c.name === "briefs_after_event");
    expect(check).toMatchObject({ passed: true, severity: "error" });
  });

  it("is served by its route, newest first, one company's or every company's", async () => {
    const aapl = await read("&ticker=AAPL");
    expect(aapl.length).toBeGreaterThanOrEqual(3);
    expect(aapl.every((a) => a.ticker === "AAPL" && a.headline.startsWith("Apple"))).toBe(true);
    expect(aapl.map((a) => a.published_at)).toEqual(
      aapl
        .map((a) => a.published_at)
        .sort()
        .reverse(),
    );
    const all = await read("&limit=500");
    expect(new Set(all.map((a) => a.ticker)).size).toBe(built.manifest.counts.companies);
    expect(all.length).toBe(built.manifest.periods["briefs/all"]["2023"]);
  });

  it("shows nothing published after the horizon", async () => {
    const all = await read("&limit=500");
    const mid = await read("&limit=500&as_of=2023-06-30");
    expect(mid.length).toBeGreaterThan(0);
    expect(mid).toEqual(all.filter((a) => a.published_at <= "2023-06-30"));
  });
});
