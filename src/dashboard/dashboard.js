// The dashboard's script (page: src/dashboard/page.ts; docs/dashboard.md). Plain browser JavaScript,
// no build step: three views by the URL's hash, each reading the API with the key kept in this
// browser (localStorage). Markers and bars are what the API answers for the window shown, and the
// page keeps them in the DOM (data attributes, the marker list) so that they can be read and tested.
"use strict";

const LWC = window.LightweightCharts;
const KEY_ITEM = "synthmarket-key";
const OPERATOR_ITEM = "synthmarket-operator";
const view = document.getElementById("view");

const apiKey = () => localStorage.getItem(KEY_ITEM) || "";
const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const qs = (params) =>
  new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== "")).toString();

/** A GET of the API with the key: its JSON and headers, or an Error carrying the `detail`. */
async function api(path, params = {}) {
  const res = await fetch(`${path}?${qs(params)}`, { headers: { "X-API-KEY": apiKey() } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${body.detail}`);
  return { body, headers: res.headers };
}

/**
 * A chart in `box` (sized to it) that keeps the dates it shows in the box's data attributes
 * (`shownFrom`, `shownTo`), so that what a reader sees can be read and tested. Bars may be packed
 * closer than the library's default half pixel, so that fitContent shows a whole window: at 0.5 a
 * fifteen-year chart opened on its last six years.
 */
function newChart(box) {
  const chart = LWC.createChart(box, {
    autoSize: true,
    layout: { attributionLogo: true },
    // The window stays whole when the box is resized (the marker list beside it fills in later).
    timeScale: { minBarSpacing: 0.01, lockVisibleTimeRangeOnResize: true },
  });
  // A new chart has shown nothing yet (the box may have held another).
  box.dataset.shownFrom = box.dataset.shownTo = "";
  chart.timeScale().subscribeVisibleTimeRangeChange((range) => {
    box.dataset.shownFrom = range?.from ?? "";
    box.dataset.shownTo = range?.to ?? "";
  });
  return chart;
}

/**
 * Daily bars as candlesticks with their volume beneath, drawn in `box` (emptied first) and opened on
 * the whole window; the bars' count and first and last days are kept in its data attributes.
 */
function candleChart(box, bars) {
  box.innerHTML = "";
  const chart = newChart(box);
  const candles = chart.addSeries(LWC.CandlestickSeries, {});
  candles.setData(bars.map((b) => ({ time: b.time, open: b.open, high: b.high, low: b.low, close: b.close })));
  const volume = chart.addSeries(LWC.HistogramSeries, {
    priceScaleId: "",
    priceFormat: { type: "volume" },
    color: "#b0bec5",
  });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  volume.setData(bars.map((b) => ({ time: b.time, value: b.volume })));
  chart.timeScale().fitContent();
  box.dataset.bars = String(bars.length);
  box.dataset.first = bars[0]?.time ?? "";
  box.dataset.last = bars.at(-1)?.time ?? "";
  return { chart, candles };
}

/** Every row of a paged list route. */
async function allRows(path, params, key, limit = 100) {
  const rows = [];
  for (let offset = 0; ; offset += limit) {
    const page = (await api(path, { ...params, limit, offset })).body[key];
    rows.push(...page);
    if (page.length < limit) return rows;
  }
}

/** Calls on the key management routes, with the operator credential a deployment asks for. */
async function operator(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  const credential = sessionStorage.getItem(OPERATOR_ITEM);
  if (credential) headers["X-Operator-Key"] = credential;
  const res = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${answer.detail}`);
  return answer;
}

function showError(where, error) {
  where.innerHTML = `<p class="error">${esc(error.message)}</p>`;
}

function needKey() {
  view.innerHTML = `<p>Give an API key on the <a href="#/keys">key page</a> first (<code>npm start</code> prints a local one).</p>`;
}

// ---- The scenario browser -------------------------------------------------------------------------

async function browser() {
  if (!apiKey()) return needKey();
  const { themes } = (await api("/scenarios/themes")).body;
  view.innerHTML = `<h1>Scenarios</h1>
  <form class="filters" id="filters">
    <label>Theme <select name="theme"><option value="">any</option>${themes
      .map((t) => `<option value="${esc(t.theme)}">${esc(t.theme)} (${t.scenario_count})</option>`)
      .join("")}</select></label>
    <label>Split <select name="dataset_split"><option value="">any</option>${["train", "validation", "test", "holdout"]
      .map((s) => `<option>${s}</option>`)
      .join("")}</select></label>
    <label>At least (instruments) <input name="min_ticker_count" type="number" min="0" size="5"></label>
    <label>Path mode <select name="path_mode"><option value="">any</option><option>historical_context</option><option>future_branch</option></select></label>
    <label>Masked twins <select name="masked"><option value="">shown</option><option value="true">only</option><option value="false">hidden</option></select></label>
    <label>Replicas <select name="replicas"><option value="false">grouped</option><option value="">shown</option><option value="true">only</option></select></label>
    <input type="hidden" name="replica_of">
  </form>
  <table id="scenarios"><thead><tr><th>Scenario</th><th>Theme</th><th>Split</th><th>Mode</th><th>Window</th><th>Story</th></tr></thead><tbody></tbody></table>`;
  const form = document.getElementById("filters");
  // Replicas (the same story at other seeds) are grouped under their scenario: a badge counts them, and a
  // click on it lists them (replica_of); a replica listed names its scenario.
  const list = async () => {
    const filters = Object.fromEntries(new FormData(form));
    if (filters.replica_of) delete filters.replicas;
    const [{ scenarios }, replicas] = await Promise.all([
      api("/scenarios", { ...filters, limit: 1000 }).then((r) => r.body),
      allRows("/scenarios", { replicas: true }, "scenarios", 1000),
    ]);
    const counts = new Map();
    for (const r of replicas) counts.set(r.replica_of, (counts.get(r.replica_of) ?? 0) + 1);
    const group = (s) =>
      s.replica_of
        ? ` <span class="badge" data-replica-of="${esc(s.replica_of)}">replica of ${esc(s.replica_of)}</span>`
        : counts.get(s.name)
          ? ` <button type="button" class="badge replicas" data-name="${esc(s.name)}" data-count="${counts.get(s.name)}">${counts.get(
              s.name,
            )} replicas</button>`
          : "";
    document.querySelector("#scenarios tbody").innerHTML = scenarios
      .map(
        (s) =>
          `<tr data-id="${esc(s.id)}"><td><a href="#/scenario/${esc(s.id)}">${esc(s.name)}</a>${
            s.masked ? ' <span class="badge" title="docs/masked-twins.md">masked twin</span>' : ""
          }${group(s)}<br><small>${esc(
            s.public_summary.scenario_title,
          )}</small></td><td>${esc(s.theme)}</td><td>${esc(s.dataset_split)}</td><td>${esc(
            s.public_summary.path_mode,
          )}</td><td>${esc(s.start_date)} .. ${esc(s.current_date)}${
            s.end_date !== s.current_date ? ` (branch to ${esc(s.end_date)})` : ""
          }</td><td class="story">${esc(s.public_summary.market_description)}</td></tr>`,
      )
      .join("");
  };
  form.addEventListener("change", () => {
    form.elements.replica_of.value = "";
    list().catch((e) => showError(view, e));
  });
  document.getElementById("scenarios").addEventListener("click", (event) => {
    const button = event.target.closest("button.replicas");
    if (!button) return;
    form.elements.replica_of.value = button.dataset.name;
    list().catch((e) => showError(view, e));
  });
  await list();
}

// ---- A scenario -----------------------------------------------------------------------------------

/**
 * Events of a company leaving (or nearly: a deal that broke), marked apart on the chart (docs/exits.md);
 * so are a buyer's deals for another company of the world, and a listing's first day (docs/listings.md).
 */
const EXIT_EVENTS = new Set([
  "merger_agreement",
  "merger_completed",
  "merger_terminated",
  "bankruptcy_filing",
  "delisting",
]);
const DEAL_EVENTS = new Set(["acquisition_agreement", "acquisition_completed", "acquisition_terminated"]);
/** How an event is marked: an exit, a buyer's deal, a listing, or any other event. */
const eventKind = (type) =>
  EXIT_EVENTS.has(type)
    ? "exit"
    : DEAL_EVENTS.has(type)
      ? "deal"
      : type === "initial_public_offering"
        ? "listing"
        : "event";

/** The markers of a ticker in a window: earnings, events, filings and news, each on the day it became public. */
async function markersOf(id, ticker, start, end) {
  const s = { scenario_id: id, ticker };
  const inWindow = (d) => d >= start && d <= end;
  const [earnings, events, filings, news] = await Promise.all([
    allRows("/earnings", s, "earnings"),
    allRows("/events/timeline", s, "events"),
    allRows("/filings", s, "filings"),
    allRows("/news", s, "news"),
  ]);
  const markers = [
    ...earnings.map((r) => ({
      kind: "earnings",
      id: r.accession_number,
      date: r.filing_date,
      title: `${r.fiscal_period} results`,
      row: r,
    })),
    ...events.map((r) => ({
      kind: eventKind(r.event_type),
      id: r.event_id,
      date: r.visible_from,
      title: r.public_summary,
      row: r,
    })),
    ...filings.map((r) => ({ kind: "filing", id: r.filing_id, date: r.filing_date, title: r.title, row: r })),
    ...news.map((r) => ({ kind: "news", id: r.artifact_id, date: r.visible_from, title: r.title, row: r })),
  ].filter((m) => inWindow(m.date));
  return markers.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
}

const MARKER_STYLE = {
  earnings: { color: "#7b1fa2", shape: "circle", position: "belowBar", text: "E" },
  event: { color: "#e65100", shape: "arrowDown", position: "aboveBar", text: "" },
  exit: { color: "#c62828", shape: "arrowDown", position: "aboveBar", text: "X" },
  deal: { color: "#6a1b9a", shape: "arrowDown", position: "aboveBar", text: "M&A" },
  listing: { color: "#2e7d32", shape: "arrowUp", position: "belowBar", text: "IPO" },
  filing: { color: "#1565c0", shape: "square", position: "belowBar", text: "F" },
  news: { color: "#546e7a", shape: "circle", position: "aboveBar", text: "" },
};

async function read(id, marker) {
  const reader = document.getElementById("reader");
  const r = marker.row;
  let text = "";
  if (marker.kind === "news") {
    const article = (await api(`/news/${encodeURIComponent(r.artifact_id)}`, { scenario_id: id })).body;
    const full = article.news_article;
    text = `${full.title}\n${full.source}, ${full.author}, ${full.date}\n\n${full.text}`;
  } else if (marker.kind === "filing") {
    text = `${r.title}\n${r.filing_date}\n\n${r.description}\n\n${(r.sections ?? []).map((s) => `${s.item_name}\n${s.text}`).join("\n\n")}`;
  } else if (["event", "exit", "deal", "listing"].includes(marker.kind)) {
    text = `${r.event_type} on ${r.event_date}\n\n${r.public_summary}`;
  } else {
    const q = r.quarterly ?? {};
    text = `${r.ticker} ${r.fiscal_period}, filed ${r.filing_date}\nrevenue ${q.revenue} (${q.revenue_surprise ?? "no estimate"})\nEPS ${q.earnings_per_share} (${q.eps_surprise ?? "no estimate"})`;
  }
  reader.dataset.marker = marker.id;
  reader.textContent = text;
}

async function drawPrices(id, ticker, start, end) {
  const box = document.getElementById("chart");
  box.innerHTML = "";
  const bars = await allRows("/prices", { scenario_id: id, ticker, start_date: start, end_date: end }, "prices", 5000);
  const { chart, candles } = candleChart(box, bars);

  const markers = await markersOf(id, ticker, start, end);
  // A marker sits on the first bar on or after the day it became public (a weekend's on Monday).
  const barOn = (date) => bars.find((b) => b.time >= date)?.time ?? bars.at(-1)?.time;
  const shown = markers.filter(() => bars.length > 0);
  LWC.createSeriesMarkers(
    candles,
    shown.map((m) => ({ id: m.id, time: barOn(m.date), ...MARKER_STYLE[m.kind] })),
  );
  document.getElementById("markers").innerHTML = shown
    .map(
      (m) =>
        `<li data-kind="${m.kind}" data-id="${esc(m.id)}" data-date="${esc(m.date)}">${esc(m.date)} ${esc(m.kind)}: ${esc(m.title)}</li>`,
    )
    .join("");
  const byId = new Map(shown.map((m) => [m.id, m]));
  chart.subscribeClick((param) => {
    const m = byId.get(param.hoveredObjectId);
    if (m) read(id, m).catch((e) => showError(document.getElementById("reader"), e));
  });
  document.getElementById("markers").onclick = (event) => {
    const m = byId.get(event.target.closest("li")?.dataset.id);
    if (m) read(id, m).catch((e) => showError(document.getElementById("reader"), e));
  };
}

function lineChart(box, series) {
  const chart = newChart(box);
  for (const { name, color, points, step } of series) {
    const line = chart.addSeries(LWC.LineSeries, { color, title: name, lineType: step ? 1 : 0 });
    line.setData(points);
  }
  chart.timeScale().fitContent();
  return chart;
}

async function drawMacro(id, scenario) {
  const rows = await allRows("/macro", { scenario_id: id }, "macro_data", 1000);
  const box = document.getElementById("macro");
  box.dataset.days = String(rows.length);
  const points = (field) => rows.filter((r) => r[field] !== null).map((r) => ({ time: r.time, value: r[field] }));
  lineChart(box, [
    { name: "10y yield", color: "#1565c0", points: points("ten_year_yield") },
    { name: "risk-free", color: "#2e7d32", points: points("risk_free_rate") },
    { name: "inflation exp.", color: "#c62828", points: points("inflation_expectation") },
    { name: "credit spread", color: "#6a1b9a", points: points("credit_spread") },
  ]);
  const { banks } = (await api("/macro/interest-rates/banks")).body;
  const bank = banks.some((b) => b.bank === "FED") ? "FED" : banks[0]?.bank;
  // One answer holds every decision: the route has no pages (paging it asked the same rows forever
  // once a world had a hundred decisions).
  const decisions = (await api("/macro/interest-rates", { scenario_id: id, bank })).body.interest_rates;
  const rates = document.getElementById("rates");
  rates.dataset.decisions = String(decisions.length);
  // The policy rate as a step: each decision's upper bound from its effective date, held to current_date.
  const steps = decisions.map((d) => ({ time: d.effective_date, value: d.target_high }));
  if (steps.length && steps.at(-1).time < scenario.current_date)
    steps.push({ time: scenario.current_date, value: steps.at(-1).value });
  lineChart(rates, [{ name: `${bank} policy rate (upper)`, color: "#e65100", points: steps, step: true }]);
}

async function drawValidation(id) {
  const { validation } = (await api(`/scenarios/${id}/validation`)).body;
  const band = (e) => (e === undefined ? "" : JSON.stringify(e));
  document.getElementById("validation").innerHTML = `<p>${validation.healthy ? "Healthy" : "Not healthy"}: ${
    validation.summary.passed
  } passed, ${validation.summary.failed} failed, ${validation.summary.warnings} warnings.</p>
  <table><thead><tr><th>Check</th><th>Family</th><th>Observed</th><th>Band</th><th></th></tr></thead><tbody>${validation.checks
    .map(
      (c) =>
        `<tr data-check="${esc(c.name)}"><td title="${esc(c.detail)}">${esc(c.name)}</td><td>${esc(c.family)}</td><td>${esc(
          band(c.observed),
        )}</td><td>${esc(band(c.expected))}</td><td class="${c.passed ? "passed" : "failed"}">${c.passed ? "passed" : esc(c.severity)}</td></tr>`,
    )
    .join("")}</tbody></table>`;
}

async function scenarioPage(id) {
  if (!apiKey()) return needKey();
  const { scenario } = (await api(`/scenarios/${id}`)).body;
  const { tickers } = (await api("/prices/tickers", { scenario_id: id })).body;
  const summary = scenario.public_summary;
  view.innerHTML = `<h1>${esc(summary.scenario_title)}</h1>
  <p class="story">${esc(summary.market_description)}</p>
  <p class="story"><em>${esc(summary.agent_task)}</em></p>
  <form class="controls" id="controls">
    <label>Ticker <select name="ticker">${tickers.map((t) => `<option>${esc(t)}</option>`).join("")}</select></label>
    <label>From <input name="start" type="date" value="${esc(scenario.start_date)}"></label>
    <label>To <input name="end" type="date" value="${esc(scenario.current_date)}"></label>
  </form>
  <div class="split"><div id="chart" class="chart"></div><div><ol id="markers"></ol></div></div>
  <h3>Reading</h3><div id="reader">Click a marker on the chart or in the list.</div>
  <section id="crypto"></section>
  <div class="panels"><div><h3>Macro tape</h3><div id="macro" class="small-chart"></div></div>
  <div><h3>Policy rate</h3><div id="rates" class="small-chart"></div></div></div>
  <h2>Baselines</h2><p>Scored by the runs' engine over the scenario's window (docs/runs.md); an agent's run is shown beside them.</p>
  ${baselinesTable(scenario.baselines ?? [])}
  <h2>Validation report</h2><div id="validation"></div>`;
  const form = document.getElementById("controls");
  const redraw = () => {
    const f = Object.fromEntries(new FormData(form));
    const chart = document.getElementById("chart");
    chart.dataset.ready = "";
    return drawPrices(id, f.ticker, f.start, f.end).then(() => (chart.dataset.ready = "true"));
  };
  form.addEventListener("change", () => redraw().catch((e) => showError(document.getElementById("chart"), e)));
  await Promise.all([redraw(), drawCrypto(id), drawMacro(id, scenario), drawValidation(id)]);
  view.dataset.ready = "true";
}

// ---- Keys -----------------------------------------------------------------------------------------

async function keysPage() {
  view.innerHTML = `<h1>Keys</h1>
  <h2>Your key</h2>
  <form id="use-key" class="controls"><label>API key <input name="key" size="44" autocomplete="off"></label><button>Use this key</button></form>
  <div id="account"></div>
  <h2>Manage keys</h2>
  <p>Locally (<code>npm start</code>) anyone at this machine manages keys. On a deployment, give the operator credential
  (the <code>OPERATOR_KEY</code> secret; the README tells how to set it).</p>
  <form id="operator" class="controls"><label>Operator credential <input name="credential" type="password" size="30"></label><button>Use</button></form>
  <form id="create" class="controls">
    <label>Account <input name="account_id" required value="local"></label>
    <label>Label <input name="label"></label>
    <label>Limit per minute <input name="rate_limit_per_minute" type="number" min="1" value="60"></label>
    <label>Clock: scenario id <input name="scenario_id" size="38"></label>
    <label>Clock: horizon <input name="horizon" type="date"></label>
    <button>Create a key</button>
  </form>
  <div id="created"></div>
  <table id="keys"><thead><tr><th>Key (hash prefix)</th><th>Account</th><th>Label</th><th>Limit/min</th><th>Created</th><th>Clock</th><th></th></tr></thead><tbody></tbody></table>
  <p id="manage-error" class="error"></p>`;
  const account = async () => {
    const box = document.getElementById("account");
    if (!apiKey()) return (box.innerHTML = "<p>No key in use in this browser.</p>");
    const {
      body: { account: body },
      headers,
    } = await api("/account");
    box.innerHTML = `<p id="account-line" data-limit="${esc(headers.get("X-RateLimit-Limit"))}" data-remaining="${esc(
      headers.get("X-RateLimit-Remaining"),
    )}">Account <b>${esc(body.account_id)}</b>: ${esc(headers.get("X-RateLimit-Limit"))} requests a minute, ${esc(
      headers.get("X-RateLimit-Remaining"),
    )} left this minute (this page's request included)${
      body.clock ? `; a clock key for scenario ${esc(body.clock.scenario_id)} up to ${esc(body.clock.horizon)}` : ""
    }.</p>`;
  };
  const listKeys = async () => {
    const { keys } = await operator("GET", "/keys");
    document.querySelector("#keys tbody").innerHTML = keys
      .map(
        (k) =>
          `<tr data-hash="${esc(k.hash_prefix)}"><td><code>${esc(k.hash_prefix)}</code></td><td>${esc(k.account_id)}</td><td>${esc(
            k.label,
          )}</td><td>${k.rate_limit_per_minute}</td><td>${esc(k.created)}</td><td>${
            k.clock
              ? `${esc(k.clock.scenario_id)} to ${esc(k.clock.horizon)} <input type="date" class="advance" value="${esc(k.clock.horizon)}">`
              : ""
          }</td><td><button class="revoke">Revoke</button></td></tr>`,
      )
      .join("");
  };
  const manageError = (e) => (document.getElementById("manage-error").textContent = e.message);
  document.getElementById("use-key").addEventListener("submit", (event) => {
    event.preventDefault();
    localStorage.setItem(KEY_ITEM, new FormData(event.target).get("key").trim());
    keyStatus();
    account().catch((e) => showError(document.getElementById("account"), e));
  });
  document.getElementById("operator").addEventListener("submit", (event) => {
    event.preventDefault();
    sessionStorage.setItem(OPERATOR_ITEM, new FormData(event.target).get("credential"));
    listKeys().catch(manageError);
  });
  document.getElementById("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = Object.fromEntries(new FormData(event.target));
    const body = {
      account_id: f.account_id,
      label: f.label,
      rate_limit_per_minute: Number(f.rate_limit_per_minute),
      ...(f.scenario_id ? { scenario_id: f.scenario_id, horizon: f.horizon } : {}),
    };
    try {
      const made = await operator("POST", "/keys/create", body);
      document.getElementById("created").innerHTML = `<p>Your new key, shown this once (only its hash is stored):</p>
        <p class="secret" id="new-key">${esc(made.key)}</p><button id="use-new">Use this key in this browser</button>`;
      document.getElementById("use-new").onclick = () => {
        localStorage.setItem(KEY_ITEM, made.key);
        keyStatus();
        account().catch((e) => showError(document.getElementById("account"), e));
      };
      await listKeys();
    } catch (e) {
      manageError(e);
    }
  });
  document.getElementById("keys").addEventListener("click", async (event) => {
    if (!event.target.classList.contains("revoke")) return;
    const hash = event.target.closest("tr").dataset.hash;
    await operator("POST", `/keys/${hash}/revoke`).then(listKeys).catch(manageError);
  });
  document.getElementById("keys").addEventListener("change", async (event) => {
    if (!event.target.classList.contains("advance")) return;
    const hash = event.target.closest("tr").dataset.hash;
    await operator("POST", `/keys/${hash}/horizon`, { horizon: event.target.value }).then(listKeys).catch(manageError);
  });
  await Promise.all([
    account().catch((e) => showError(document.getElementById("account"), e)),
    listKeys().catch(manageError),
  ]);
  view.dataset.ready = "true";
}

function keyStatus() {
  const key = apiKey();
  document.getElementById("key-status").textContent = key ? `key ${key.slice(0, 6)}…` : "no key";
}

async function route() {
  view.dataset.ready = "";
  keyStatus();
  const hash = location.hash.slice(1) || "/";
  const scenario = /^\/scenario\/([^/]+)$/.exec(hash);
  const run = /^\/run\/([^/]+)$/.exec(hash);
  try {
    if (scenario) await scenarioPage(decodeURIComponent(scenario[1]));
    else if (run) await runPage(decodeURIComponent(run[1]));
    else if (hash === "/runs") await runsPage();
    else if (hash === "/leaderboard") await leaderboardPage();
    else if (hash === "/keys") await keysPage();
    else await browser();
    view.dataset.ready = "true";
  } catch (error) {
    showError(view, error);
    view.dataset.ready = "error";
  }
}

window.addEventListener("hashchange", route);
route();
