// The dashboard (`GET /`, no key for the page itself): a scenario browser, a scenario page (chart,
// crypto assets, macro and policy-rate panels, validation report) and a key page. One static page;
// its scripts and styles and the chart library are assets served from the store (src/docs/assets.ts),
// so it works offline. The scripts ask the API with the key the user gives it (kept in the browser).
export const DASHBOARD_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Synthetic market data</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/docs/dashboard.css">
</head>
<body>
<header>
  <strong>Synthetic market data</strong>
  <nav><a href="#/">Scenarios</a> <a href="#/runs">Runs</a> <a href="#/leaderboard">Leaderboard</a> <a href="#/keys">Keys</a> <a href="/docs">API reference</a> <a href="/openapi.json">OpenAPI</a></nav>
  <span id="key-status"></span>
</header>
<main id="view"><p>Read-only JSON over synthetic market worlds. The API reference is at <a href="/docs">/docs</a>.</p></main>
<footer>Charts by <a href="https://www.tradingview.com/">TradingView</a> Lightweight Charts&trade;.
Agents written for financialdatasets.ai: base URL <code>/fd/{scenario_id}</code>; MCP tools at <code>POST /mcp</code>.</footer>
<script src="/docs/lightweight-charts.js"></script>
<script src="/docs/dashboard-runs.js"></script>
<script src="/docs/dashboard-crypto.js"></script>
<script src="/docs/dashboard.js"></script>
</body>
</html>
`;
