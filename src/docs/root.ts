// What `GET /` shows a browser (no key): where to start, instead of a bare 401.
export const ROOT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Synthetic market data API</title>
</head>
<body>
<h1>Synthetic market data API</h1>
<p>Read-only JSON over synthetic market worlds (scenarios). Every data route needs the
<code>X-API-KEY</code> header and a <code>scenario_id</code>; <code>npm start</code> prints a local key.</p>
<ul>
<li><a href="/docs">/docs</a>: the reference of every route, with its parameters and answers</li>
<li><a href="/openapi.json">/openapi.json</a>: the same, as an OpenAPI 3.1 document</li>
<li><a href="/health">/health</a>: liveness</li>
</ul>
<p>Agents written for financialdatasets.ai: use the base URL <code>/fd/{scenario_id}</code>.
LLM agents: MCP tools at <code>POST /mcp</code> (Streamable HTTP, the same key header).</p>
</body>
</html>
`;
