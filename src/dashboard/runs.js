// The dashboard's runs pages (docs/runs.md, docs/dashboard.md): `#/runs` lists the key's runs;
// `#/run/<id>` charts a run's equity beside its benchmark's, its drawdown, a ticker's bars with the
// run's fills as markers, and its score beside the scenario's baselines. Loaded before dashboard.js,
// whose helpers (api, esc, view, LWC, newChart) these functions use when called. What is drawn is also kept in
// the DOM (data attributes, lists) so that it can be read and tested.
"use strict";

const SCORE_ROWS = [
  ["total_return", "Total return", "pct"],
  ["cagr", "CAGR", "pct"],
  ["annual_volatility", "Volatility", "pct"],
  ["sharpe_ratio", "Sharpe", "num"],
  ["sortino_ratio", "Sortino", "num"],
  ["max_drawdown", "Max drawdown", "pct"],
  ["calmar_ratio", "Calmar", "num"],
  ["beta", "Beta", "num"],
  ["alpha", "Alpha", "pct"],
  ["information_ratio", "Information ratio", "num"],
  ["appraisal_ratio", "Appraisal ratio", "num"],
  ["turnover", "Turnover", "num"],
  ["costs_paid", "Costs paid", "usd"],
  ["hit_rate", "Hit rate", "pct"],
  ["average_exposure", "Average exposure", "num"],
];

function scoreText(value, kind) {
  if (value === null || value === undefined) return "–";
  if (kind === "pct") return `${(value * 100).toFixed(2)}%`;
  if (kind === "usd") return value.toLocaleString("en-US", { maximumFractionDigits: 0 });
  return value.toFixed(2);
}

async function runsPage() {
  if (!apiKey()) return needKey();
  const { runs } = (await api("/runs")).body;
  view.innerHTML = `<h1>Runs</h1>
  <p>Evaluation runs of this key's account: open one with <code>POST /runs</code> (docs/runs.md).</p>
  <table id="runs"><thead><tr><th>Run</th><th>Agent</th><th>Scenario</th><th>Status</th><th>Day</th><th>Equity</th></tr></thead><tbody>${runs
    .map(
      (r) =>
        `<tr data-id="${esc(r.run_id)}"><td><a href="#/run/${esc(r.run_id)}">${esc(r.run_id)}</a></td><td>${esc(r.agent)}</td><td>${esc(
          r.scenario_id,
        )}</td><td>${esc(r.status)}</td><td>${esc(r.day)}</td><td>${scoreText(r.equity, "usd")}</td></tr>`,
    )
    .join("")}</tbody></table>`;
}

/** The leaderboard's columns: a score, how it is shown, and its heading. */
const LEADERBOARD_SCORES = [
  ["sharpe_ratio", "num", "Sharpe"],
  ["total_return", "pct", "Total return"],
  ["max_drawdown", "pct", "Max drawdown"],
  ["alpha", "pct", "Alpha"],
];

/** A mean with its interval, or a dash. */
function intervalText(found, kind) {
  if (!found) return "–";
  return `${scoreText(found.mean, kind)} <small>[${scoreText(found.low, kind)}, ${scoreText(found.high, kind)}]</small>`;
}

/** `#/leaderboard`: the account's finished runs by agent and selection, each score's mean and interval beside the baselines'. */
async function leaderboardPage() {
  if (!apiKey()) return needKey();
  const { leaderboard } = (await api("/leaderboard")).body;
  const groups = LEADERBOARD_SCORES.map(([, , title]) => `<th colspan="3">${title}</th>`).join("");
  const heads = LEADERBOARD_SCORES.map(() => "<th>agent</th><th>benchmark</th><th>equal weight</th>").join("");
  const rows = leaderboard.map((e) => {
    const cells = LEADERBOARD_SCORES.map(([name, kind]) => {
      const of = (scores) => scores.find((s) => s.score === name);
      const baseline = (b) => of(e.baselines.find((x) => x.name === b).scores);
      return `<td data-score="${name}">${intervalText(of(e.scores), kind)}</td><td>${intervalText(baseline("benchmark"), kind)}</td><td>${intervalText(
        baseline("equal_weight"),
        kind,
      )}</td>`;
    });
    return `<tr data-agent="${esc(e.agent)}" data-selection="${esc(e.selection ?? "")}" data-runs="${e.runs}"><td>${esc(e.agent)}</td><td>${esc(
      e.selection ?? "–",
    )}</td><td>${e.runs}</td>${cells.join("")}</tr>`;
  });
  view.innerHTML = `<h1>Leaderboard</h1>
  <p>This key's account's finished runs, grouped by agent and scenario selection (<code>npm run evaluate</code> labels its runs so;
  docs/evaluation.md). Each score is the mean over the runs, with its 95% bootstrap interval, beside the same means of the baselines
  over the same scenarios (scored over each scenario's whole window, as <code>npm run evaluate</code> runs them). Best Sharpe first.</p>
  ${leaderboard.length ? "" : "<p>No finished run yet.</p>"}
  <table id="leaderboard"><thead><tr><th rowspan="2">Agent</th><th rowspan="2">Selection</th><th rowspan="2">Runs</th>${groups}</tr><tr>${heads}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

/** Each close's fall from the running peak of equity, a fraction (0 or negative). */
function drawdowns(points) {
  let peak = -Infinity;
  return points.map((p) => {
    peak = Math.max(peak, p.equity);
    return { time: p.date, value: p.equity / peak - 1 };
  });
}

function drawEquity(equity) {
  const box = document.getElementById("equity-chart");
  lineChart(box, [
    { name: "equity", color: "#1565c0", points: equity.map((p) => ({ time: p.date, value: p.equity })) },
    { name: "benchmark", color: "#9e9e9e", points: equity.map((p) => ({ time: p.date, value: p.benchmark })) },
  ]);
  box.dataset.points = String(equity.length);
  box.dataset.last = equity.at(-1)?.equity ?? "";
  const down = document.getElementById("drawdown-chart");
  const chart = newChart(down);
  const series = chart.addSeries(LWC.AreaSeries, { lineColor: "#c62828", topColor: "#ef9a9a", bottomColor: "#ffebee" });
  const values = drawdowns(equity);
  series.setData(values);
  chart.timeScale().fitContent();
  down.dataset.deepest = String(Math.min(0, ...values.map((v) => v.value)));
}

async function drawFills(run, fills, ticker) {
  const box = document.getElementById("fills-chart");
  box.innerHTML = "";
  const params = { scenario_id: run.scenario_id, ticker, start_date: run.start_date, end_date: run.day };
  const bars = await allRows("/prices", params, "prices", 5000);
  const chart = newChart(box);
  const candles = chart.addSeries(LWC.CandlestickSeries, {});
  candles.setData(bars.map((b) => ({ time: b.time, open: b.open, high: b.high, low: b.low, close: b.close })));
  const mine = fills.filter((f) => f.ticker === ticker);
  LWC.createSeriesMarkers(
    candles,
    mine.map((f) => ({
      time: f.date,
      position: f.side === "buy" ? "belowBar" : "aboveBar",
      shape: f.side === "buy" ? "arrowUp" : "arrowDown",
      color: f.side === "buy" ? "#2e7d32" : "#c62828",
      text: `${f.side} ${f.shares}`,
    })),
  );
  chart.timeScale().fitContent();
  box.dataset.bars = String(bars.length);
  document.getElementById("fills").innerHTML = mine
    .map(
      (f) =>
        `<li data-date="${esc(f.date)}" data-side="${esc(f.side)}" data-shares="${f.shares}" data-price="${f.price}">${esc(f.date)} ${esc(
          f.side,
        )} ${f.shares} ${esc(f.ticker)} at ${f.price} (commission ${f.commission})</li>`,
    )
    .join("");
}

/** The scenario's baselines, for its page. */
function baselinesTable(baselines) {
  return scoreColumns(
    "baselines-table",
    baselines.map((b) => ({ name: b.name, title: b.description, score: b.score })),
  );
}

function scoreTable(scored) {
  const columns = [
    { name: `this run (${scored.agent})`, score: scored.score },
    ...scored.baselines.map((b) => ({ name: b.name, title: b.description, score: b.score })),
  ];
  return scoreColumns("score-table", columns);
}

function scoreColumns(id, columns) {
  return `<table id="${id}"><thead><tr><th>Score</th>${columns.map((c) => `<th title="${esc(c.title ?? "")}">${esc(c.name)}</th>`).join("")}</tr></thead><tbody>${SCORE_ROWS.map(
    ([key, label, kind]) =>
      `<tr data-score="${key}"><td>${label}</td>${columns.map((c) => `<td>${scoreText(c.score?.[key], kind)}</td>`).join("")}</tr>`,
  ).join("")}</tbody></table>`;
}

async function runPage(id) {
  if (!apiKey()) return needKey();
  const path = `/runs/${encodeURIComponent(id)}`;
  const [{ run }, { equity }, { ledger }, scored] = await Promise.all(
    ["", "/equity", "/ledger", "/score"].map(async (rest) => (await api(path + rest)).body),
  );
  const fills = ledger.filter((e) => e.kind === "fill");
  const tickers = [...new Set(fills.map((f) => f.ticker))].sort();
  view.innerHTML = `<h1>Run ${esc(run.run_id)}</h1>
  <p id="run-line" data-status="${esc(run.status)}">${esc(run.agent)} in scenario <a href="#/scenario/${esc(run.scenario_id)}">${esc(
    run.scenario_id,
  )}</a>, ${esc(run.start_date)} to ${esc(run.end_date)}: ${esc(run.status)} on ${esc(run.day)}, equity ${scoreText(run.equity, "usd")}, benchmark ${esc(
    run.benchmark,
  )}.</p>
  <h2>Equity and benchmark</h2><div id="equity-chart" class="chart small"></div>
  <h2>Drawdown</h2><div id="drawdown-chart" class="chart small"></div>
  <h2>Fills</h2>
  <form class="filters"><label>Ticker <select name="fill-ticker">${tickers.map((t) => `<option>${esc(t)}</option>`).join("")}</select></label></form>
  <div id="fills-chart" class="chart"></div><ul id="fills" class="markers"></ul>
  <h2>Score</h2>${run.status === "finished" ? scoreTable(scored) : "<p>Scored when the run ends.</p>"}`;
  drawEquity(equity);
  const select = document.querySelector('select[name="fill-ticker"]');
  const show = () => (select.value ? drawFills(run, fills, select.value) : Promise.resolve());
  select.addEventListener("change", () => show().catch((e) => showError(document.getElementById("fills-chart"), e)));
  await show();
}
