// The dashboard (GET /) in a real headless Chromium (Debian's package, driven by playwright-core)
// against the worker in workerd: its pages load with no console error; the chart draws the bars the
// API serves for the window asked; the markers are the ticker's earnings, events, filings and news
// of that window, and a click reads one; the macro, policy-rate and validation panels hold what the
// API answers; a key created on the key page authenticates an API call. Screenshots are saved in
// test-results/dashboard/ (git-ignored).
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base, body, CRISIS, get, KEY, MEGACAP, post } from "../e2e/client.ts";
import { launchChromium, openDashboard, SHOTS } from "../support/chromium.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const open = (hash: string, key: string | null = KEY) => openDashboard(browser, base, hash, key);

/** Every row of a list route for a ticker. */
async function rows(route: string, key: string, params: string, limit = 100): Promise<Record<string, any>[]> {
  const out: Record<string, any>[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = (await body(`${route}?scenario_id=${MEGACAP}&${params}&limit=${limit}&offset=${offset}`))[key];
    out.push(...page);
    if (page.length < limit) return out;
  }
}

describe("the dashboard", () => {
  it("lists the scenarios, filters them, and loads with no console error", async () => {
    const { page, errors } = await open("#/");
    const { scenarios } = await body("/scenarios?limit=1000");
    expect(await page.locator("#scenarios tbody tr").count()).toBe(scenarios.length);
    await page.selectOption('select[name="dataset_split"]', "test");
    const tests = (await body("/scenarios?limit=1000&dataset_split=test")).scenarios as { id: string }[];
    await page.waitForFunction(`document.querySelectorAll("#scenarios tbody tr").length === ${tests.length}`);
    expect(
      await page.locator("#scenarios tbody tr").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-id"))),
    ).toEqual(tests.map((s) => s.id));
    // Masked twins only: the test split's, each marked as one.
    await page.selectOption('select[name="masked"]', "true");
    const masked = (await body("/scenarios?limit=1000&dataset_split=test&masked=true")).scenarios as { id: string }[];
    expect(masked.length).toBeGreaterThan(0);
    await page.waitForFunction(`document.querySelectorAll("#scenarios tbody tr").length === ${masked.length}`);
    expect(await page.locator("#scenarios tbody tr .badge").allTextContents()).toEqual(masked.map(() => "masked twin"));
    await page.selectOption('select[name="masked"]', "");
    await page.waitForFunction(`document.querySelectorAll("#scenarios tbody tr").length === ${tests.length}`);
    await page.screenshot({ path: join(SHOTS, "scenarios.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("charts the bars the API serves for the window, with the ticker's markers, and reads one on a click", async () => {
    const { page, errors } = await open(`#/scenario/${MEGACAP}`);
    await page.selectOption('select[name="ticker"]', "NVDA");
    await page.fill('input[name="start"]', "2023-03-01");
    await page.fill('input[name="end"]', "2023-08-31");
    await page.locator('input[name="end"]').dispatchEvent("change");
    await page.waitForFunction(
      `document.getElementById("chart")?.dataset.ready === "true" && document.getElementById("chart")?.dataset.first === "2023-03-01"`,
      null,
      { timeout: 30_000 },
    );
    const bars = (
      await body(`/prices?scenario_id=${MEGACAP}&ticker=NVDA&start_date=2023-03-01&end_date=2023-08-31&limit=5000`)
    ).prices;
    const chart = page.locator("#chart");
    expect(await chart.getAttribute("data-bars")).toBe(String(bars.length));
    expect(await chart.getAttribute("data-last")).toBe(bars.at(-1).time);
    expect(await page.locator("#chart canvas").count()).toBeGreaterThan(0);

    // The markers: what became public in the window, of each kind, by id and day.
    const inWindow = (d: string) => d >= "2023-03-01" && d <= "2023-08-31";
    const expected = [
      ...(await rows("/earnings", "earnings", "ticker=NVDA")).map((r) => [
        "earnings",
        r.accession_number,
        r.filing_date,
      ]),
      ...(await rows("/events/timeline", "events", "ticker=NVDA")).map((r) => ["event", r.event_id, r.visible_from]),
      ...(await rows("/filings", "filings", "ticker=NVDA")).map((r) => ["filing", r.filing_id, r.filing_date]),
      ...(await rows("/news", "news", "ticker=NVDA")).map((r) => ["news", r.artifact_id, r.visible_from]),
    ].filter(([, , date]) => inWindow(date));
    const shown = await page
      .locator("#markers li")
      .evaluateAll((lis) => lis.map((li) => ["data-kind", "data-id", "data-date"].map((a) => li.getAttribute(a))));
    const key = (m: (string | null)[]) => m.join(" ");
    expect(shown.map(key).sort()).toEqual(expected.map(key).sort());
    expect(new Set(shown.map((m) => m[0]))).toEqual(new Set(["earnings", "event", "filing", "news"]));

    const news = shown.find((m) => m[0] === "news")!;
    await page.locator(`#markers li[data-id="${news[1]}"]`).click();
    await page.waitForFunction(`document.getElementById("reader")?.dataset.marker === ${JSON.stringify(news[1])}`);
    const article = (await body(`/news/${news[1]}?scenario_id=${MEGACAP}`)).news_article;
    expect(await page.locator("#reader").textContent()).toContain(article.text);

    // The panels: the macro tape and policy decisions served, the validation report's every check.
    const macro = await rows("/macro", "macro_data", "x=1", 1000);
    expect(await page.locator("#macro").getAttribute("data-days")).toBe(String(macro.length));
    const decisions = await rows("/macro/interest-rates", "interest_rates", "bank=FED");
    expect(await page.locator("#rates").getAttribute("data-decisions")).toBe(String(decisions.length));
    const { checks } = (await body(`/scenarios/${MEGACAP}/validation`)).validation;
    expect(await page.locator("#validation tbody tr").count()).toBe(checks.length);
    expect(await page.locator("#validation tr[data-check] td:nth-child(3)").first().textContent()).toBe(
      JSON.stringify(checks[0].observed),
    );
    await page.screenshot({ path: join(SHOTS, "scenario.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("opens a fifteen-year world's price and macro charts on their whole window", async () => {
    const { scenario } = await body(`/scenarios/${CRISIS}`);
    const { page, errors } = await open(`#/scenario/${CRISIS}`);
    await page.waitForFunction(`document.getElementById("view")?.dataset.ready === "true"`, null, { timeout: 30_000 });
    const shown = (id: string) =>
      page
        .locator(`#${id}`)
        .evaluate((box) => [box.getAttribute("data-shown-from"), box.getAttribute("data-shown-to")]);
    // The chart reports what it shows once it has its size; the first and last bars of the window.
    await page.waitForFunction(`Boolean(document.getElementById("chart")?.dataset.shownTo)`, null, { timeout: 10_000 });
    const chart = await page
      .locator("#chart")
      .evaluate((box) => [box.getAttribute("data-first"), box.getAttribute("data-last")]);
    expect(Number(chart[1]!.slice(0, 4)) - Number(chart[0]!.slice(0, 4))).toBeGreaterThanOrEqual(14);
    expect(await shown("chart")).toEqual(chart);
    const macro = (await body(`/macro?scenario_id=${CRISIS}&limit=1`)).macro_data[0].time;
    expect(await shown("macro")).toEqual([macro, scenario.current_date]);
    await page.screenshot({ path: join(SHOTS, "whole-window.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("marks a company's exit apart, and ends its chart on its last trading day", async () => {
    const gone = (await body(`/companies?scenario_id=${CRISIS}&limit=500`)).companies.find(
      (c: { is_active: boolean }) => !c.is_active,
    );
    const events = (await body(`/events/timeline?scenario_id=${CRISIS}&ticker=${gone.ticker}&limit=500`)).events;
    const exits = events.filter((e: { event_type: string }) =>
      ["merger_agreement", "merger_completed", "merger_terminated", "bankruptcy_filing", "delisting"].includes(
        e.event_type,
      ),
    );
    const last = exits[0].event_date; // newest first: the close or the delisting, on the last trading day
    const start = `${Number(exits.at(-1).event_date.slice(0, 4)) - 1}-01-01`;
    const { page, errors } = await open(`#/scenario/${CRISIS}`);
    await page.selectOption('select[name="ticker"]', gone.ticker);
    await page.fill('input[name="start"]', start);
    await page.fill('input[name="end"]', "2019-12-31");
    await page.locator('input[name="end"]').dispatchEvent("change");
    await page.waitForFunction(
      `document.getElementById("chart")?.dataset.ready === "true" && document.getElementById("chart")?.dataset.last === ${JSON.stringify(last)}`,
      null,
      { timeout: 30_000 },
    );
    const marked = await page
      .locator('#markers li[data-kind="exit"]')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute("data-id")));
    expect(marked.sort()).toEqual(exits.map((e: { event_id: string }) => e.event_id).sort());
    await page.screenshot({ path: join(SHOTS, "exit.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("marks a company's listing apart, and starts its chart on its first trading day", async () => {
    const entrant = (await body(`/companies?scenario_id=${CRISIS}&limit=500`)).companies.find(
      (c: { listing_date: string | null }) => c.listing_date !== null && c.listing_date > "2005-06-01",
    );
    const first = entrant.listing_date;
    const { page, errors } = await open(`#/scenario/${CRISIS}`);
    await page.selectOption('select[name="ticker"]', entrant.ticker);
    await page.fill('input[name="start"]', "2005-01-01");
    await page.fill('input[name="end"]', `${Number(first.slice(0, 4)) + 1}-12-31`);
    await page.locator('input[name="end"]').dispatchEvent("change");
    await page.waitForFunction(
      `document.getElementById("chart")?.dataset.ready === "true" && document.getElementById("chart")?.dataset.first === ${JSON.stringify(first)}`,
      null,
      { timeout: 30_000 },
    );
    const marked = await page
      .locator('#markers li[data-kind="listing"]')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute("data-date")));
    expect(marked).toEqual([first]);
    await page.screenshot({ path: join(SHOTS, "listing.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("marks a buyer's deal for another company of the world apart on the buyer's chart", async () => {
    const companies = (await body(`/companies?scenario_id=${CRISIS}&limit=500`)).companies;
    const held = new Set(companies.map((c: { ticker: string }) => c.ticker));
    let buyer = "";
    for (const c of companies.filter((c: { is_active: boolean }) => !c.is_active)) {
      const actions = (await body(`/corporate-actions?scenario_id=${CRISIS}&ticker=${c.ticker}&limit=200`))
        .corporate_actions;
      buyer = actions.find((a: any) => a.action_type === "acquisition" && held.has(a.details.acquirer_ticker))?.details
        .acquirer_ticker;
      if (buyer) break;
    }
    const deals = (await body(`/events/timeline?scenario_id=${CRISIS}&ticker=${buyer}&limit=500`)).events.filter(
      (e: { event_type: string }) => e.event_type.startsWith("acquisition_"),
    );
    expect(deals.length).toBeGreaterThan(0);
    const year = Number(deals.at(-1).event_date.slice(0, 4));
    const inWindow = deals.filter((e: { event_date: string }) => e.event_date <= `${year + 1}-12-31`);
    const { page, errors } = await open(`#/scenario/${CRISIS}`);
    await page.selectOption('select[name="ticker"]', buyer);
    await page.fill('input[name="start"]', `${year}-01-01`);
    await page.fill('input[name="end"]', `${year + 1}-12-31`);
    await page.locator('input[name="end"]').dispatchEvent("change");
    await page.waitForFunction(`document.getElementById("chart")?.dataset.ready === "true"`, null, { timeout: 30_000 });
    await page.waitForSelector('#markers li[data-kind="deal"]', { timeout: 30_000 });
    const marked = await page
      .locator('#markers li[data-kind="deal"]')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute("data-id")));
    expect(marked.sort()).toEqual(inWindow.map((e: { event_id: string }) => e.event_id).sort());
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("creates a key on the key page whose secret, shown once, authenticates an API call", async () => {
    const { page, errors } = await open("#/keys", null);
    await page.fill('#create input[name="account_id"]', "dashboard-test");
    await page.fill('#create input[name="rate_limit_per_minute"]', "77");
    await page.click("#create button");
    const secret = (await page.locator("#new-key").textContent())!.trim();
    expect(secret).toMatch(/^sm_[A-Za-z0-9_-]{32}$/);
    const res = await get(`/prices/snapshot?scenario_id=${MEGACAP}&ticker=AAPL&as_of=2023-06-30`, secret);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Account-ID")).toBe("dashboard-test");
    expect(res.headers.get("X-RateLimit-Limit")).toBe("77");

    // Used in this browser, the page shows its limit and what is left; listed by hash, never by secret.
    await page.click("#use-new");
    await page.waitForSelector("#account-line");
    expect(await page.locator("#account-line").getAttribute("data-limit")).toBe("77");
    expect(await page.locator("#account-line").textContent()).toMatch(
      /^Account dashboard-test: 77 requests a minute, 75 left/,
    );
    expect(Number(await page.locator("#account-line").getAttribute("data-remaining"))).toBe(75);
    expect(await page.locator("#keys").textContent()).not.toContain(secret);
    const row = page.locator("#keys tbody tr", { hasText: "dashboard-test" });
    expect(await row.count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, "keys.png"), fullPage: true });
    await row.locator("button.revoke").click();
    await page.waitForFunction(
      `![...document.querySelectorAll("#keys tbody tr")].some((tr) => tr.textContent.includes("dashboard-test"))`,
    );
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
  it("shows the leaderboard: each group's mean score and interval beside the baselines'", async () => {
    for (const [start, end] of [
      ["2023-02-01", "2023-03-31"],
      ["2023-05-01", "2023-06-30"],
      ["2023-08-01", "2023-09-29"],
    ]) {
      const { run } = await body("/runs", {
        scenario_id: MEGACAP,
        agent: "dashboard-board",
        selection: "dashboard",
        start_date: start,
        end_date: end,
      });
      await post(`/runs/${run.run_id}/orders`, { ticker: "NVDA", side: "buy", notional: 300_000 });
      await post(`/runs/${run.run_id}/advance`, { to: end });
    }
    const { leaderboard } = await body("/leaderboard?agent=dashboard-board");
    const sharpe = leaderboard[0].scores.find((s: { score: string }) => s.score === "sharpe_ratio");
    const benchmark = leaderboard[0].baselines
      .find((b: { name: string }) => b.name === "benchmark")
      .scores.find((s: { score: string }) => s.score === "sharpe_ratio");

    const { page, errors } = await open("#/leaderboard");
    const row = page.locator('#leaderboard tr[data-agent="dashboard-board"][data-selection="dashboard"]');
    expect(await row.getAttribute("data-runs")).toBe("3");
    const cells = await row.locator("td").allTextContents();
    const shown = (i: { mean: number; low: number; high: number }) =>
      `${i.mean.toFixed(2)} [${i.low.toFixed(2)}, ${i.high.toFixed(2)}]`;
    expect(cells[3]).toBe(shown(sharpe));
    expect(cells[4]).toBe(shown(benchmark));
    await page.screenshot({ path: join(SHOTS, "leaderboard.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows a run: its equity beside the benchmark, its drawdown, its fills on the bars, its score beside the baselines", async () => {
    const opened = await body("/runs", {
      scenario_id: MEGACAP,
      agent: "dashboard",
      start_date: "2023-03-01",
      end_date: "2023-04-28",
    });
    const id = opened.run.run_id as string;
    const orders = (o: object) => post(`/runs/${id}/orders`, o);
    await orders({
      orders: [
        { ticker: "NVDA", side: "buy", shares: 200 },
        { ticker: "AAPL", side: "buy", notional: 100_000 },
      ],
    });
    for (let i = 0; i < 10; i++) await post(`/runs/${id}/advance`, {});
    await orders({ ticker: "NVDA", side: "sell", shares: 100 });
    await post(`/runs/${id}/advance`, { to: "2023-04-28" });
    const [equity, ledger, scored] = await Promise.all(
      ["equity", "ledger", "score"].map((r) => body(`/runs/${id}/${r}`)),
    );

    const list = await open("#/runs");
    expect(await list.page.locator(`#runs tr[data-id="${id}"]`).count()).toBe(1);
    await list.page.close();

    const { page, errors } = await open(`#/run/${id}`);
    expect(await page.locator("#run-line").getAttribute("data-status")).toBe("finished");
    expect(await page.locator("#equity-chart").getAttribute("data-points")).toBe(String(equity.equity.length));
    let peak = -Infinity;
    const deepest = Math.min(
      0,
      ...equity.equity.map((p: { equity: number }) => ((peak = Math.max(peak, p.equity)), p.equity / peak - 1)),
    );
    expect(Number(await page.locator("#drawdown-chart").getAttribute("data-deepest"))).toBeCloseTo(deepest, 12);
    expect(deepest).toBeCloseTo(scored.score.max_drawdown, 12);

    // The fills of the ticker chosen, as markers on its bars.
    await page.selectOption('select[name="fill-ticker"]', "NVDA");
    const nvda = ledger.ledger.filter(
      (e: { kind: string; ticker: string }) => e.kind === "fill" && e.ticker === "NVDA",
    );
    await page.waitForFunction(`document.querySelectorAll("#fills li").length === ${nvda.length}`);
    const shown = await page
      .locator("#fills li")
      .evaluateAll((lis) => lis.map((li) => [li.dataset.date, li.dataset.side, Number(li.dataset.shares)]));
    expect(shown).toEqual(nvda.map((f: { date: string; side: string; shares: number }) => [f.date, f.side, f.shares]));
    expect(shown.map((f) => f[1])).toEqual(["buy", "sell"]);
    expect(await page.locator("#fills-chart canvas").count()).toBeGreaterThan(0);

    // The score beside the three baselines.
    expect(await page.locator("#score-table thead th").count()).toBe(1 + 1 + 3);
    const sharpe = await page.locator('#score-table tr[data-score="sharpe_ratio"] td').allTextContents();
    expect(sharpe[1]).toBe(scored.score.sharpe_ratio.toFixed(2));
    expect(sharpe.slice(2)).toEqual(
      scored.baselines.map((b: { score: { sharpe_ratio: number | null } }) => b.score.sharpe_ratio?.toFixed(2) ?? "–"),
    );
    await page.screenshot({ path: join(SHOTS, "run.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();

    // The scenario's page shows its baselines too.
    const scenario = await open(`#/scenario/${MEGACAP}`);
    expect(await scenario.page.locator("#baselines-table thead th").count()).toBe(1 + 3);
    await scenario.page.close();
  }, 120_000);
});
