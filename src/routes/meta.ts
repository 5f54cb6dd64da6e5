// Routes that need no key: the dashboard page, health, the OpenAPI document and the reference page with its assets.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { Health } from "../contract/resources.ts";
import type { AppEnv } from "../env.ts";
import { ASSETS } from "../docs/assets.ts";
import { DOCS_PAGE } from "../docs/reference.ts";
import { DASHBOARD_PAGE } from "../dashboard/page.ts";
import type { Bytes } from "../http/json.ts";
import { notFound } from "../http/errors.ts";
import { StaticAnswer } from "../http/respond.ts";
import { API_KEY_SCHEME, type ApiApp } from "../http/route.ts";

const TAG = "Service";

const health = createRoute({
  method: "get",
  path: "/health",
  tags: [TAG],
  summary: "Liveness (no key)",
  responses: { 200: { description: "The worker answers.", content: { "application/json": { schema: Health } } } },
});

const openapi = createRoute({
  method: "get",
  path: "/openapi.json",
  tags: [TAG],
  summary: "This document (no key)",
  responses: {
    200: {
      description: "The OpenAPI 3.1 document of every route.",
      content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
    },
  },
});

const docsPage = createRoute({
  method: "get",
  path: "/docs",
  tags: [TAG],
  summary: "API reference page (no key)",
  description: "A readable reference of this document; its script and styles are served from here (no CDN).",
  responses: { 200: { description: "HTML page.", content: { "text/html": { schema: z.string() } } } },
});

const root = createRoute({
  method: "get",
  path: "/",
  tags: [TAG],
  summary: "The dashboard (no key)",
  description:
    "A page for a browser: the scenario browser, each scenario's chart, macro and policy-rate panels and validation " +
    "report, and the key page (docs/dashboard.md); links to the reference (/docs). The page asks the API with the key given to it.",
  responses: { 200: { description: "HTML page.", content: { "text/html": { schema: z.string() } } } },
});

const docsAsset = createRoute({
  method: "get",
  path: "/docs/{asset}",
  tags: [TAG],
  summary: "Static files of the reference page and the dashboard (no key)",
  request: {
    params: z.object({
      asset: z.string().meta({
        description: `One of ${Object.keys(ASSETS).join(", ")} (404 otherwise).`,
        example: "swagger-ui.css",
      }),
    }),
  },
  responses: {
    200: {
      description: "The asset.",
      content: { "text/javascript": { schema: z.string() }, "text/css": { schema: z.string() } },
    },
    404: { description: "No such asset." },
  },
});

/** The OpenAPI 3.1 document of a finished app: `/openapi.json`, and the source of docs/reference.md. */
function generatedDocument(app: ApiApp) {
  return app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Synthetic market data API",
      version: "1",
      description:
        "Read-only JSON over synthetic market worlds (scenarios). Every data route needs `scenario_id` and " +
        "the `X-API-KEY` header; errors are `{detail}`; scenario data never changes, so answers carry strong " +
        "ETags. Point in time: nothing after a route's horizon (`as_of`, or the scenario's current_date) is served.",
    },
  });
}

const documents = new WeakMap<ApiApp, ReturnType<typeof generatedDocument>>();

/** The app's OpenAPI document, generated once (for /openapi.json and the MCP tools), after every route is registered. */
export function openApiDocument(app: ApiApp) {
  let document = documents.get(app);
  if (!document) documents.set(app, (document = generatedDocument(app)));
  return document;
}

/** Routes without a key; `app` is the finished app, whose declarations the document describes. */
export function register(app: ApiApp): void {
  app.openAPIRegistry.registerComponent("securitySchemes", API_KEY_SCHEME, {
    type: "apiKey",
    in: "header",
    name: "X-API-KEY",
    description: "Every route except those marked (no key) needs an API key.",
  });

  app.openapi(health, (c) => c.json({ status: "ok" as const, environment: c.env.ENVIRONMENT ?? "production" }, 200));

  // Built on first use, after every route is registered, then served as fixed bytes.
  let document: StaticAnswer | undefined;
  app.openapi(openapi, ((c: Context<AppEnv>) => {
    document ??= new StaticAnswer(JSON.stringify(openApiDocument(app)), "application/json");
    return document.respond(c);
  }) as never);

  const start = new StaticAnswer(DASHBOARD_PAGE, "text/html; charset=utf-8");
  app.openapi(root, ((c: Context<AppEnv>) => start.respond(c)) as never);

  const page = new StaticAnswer(DOCS_PAGE, "text/html; charset=utf-8");
  app.openapi(docsPage, ((c: Context<AppEnv>) => page.respond(c)) as never);

  // Served from the store, where the build puts them; each answer (and its ETag) made once.
  const assets = new Map<string, StaticAnswer>();
  app.openapi(docsAsset, (async (c: Context<AppEnv>) => {
    const name = c.req.param("asset") ?? "";
    const type = ASSETS[name]?.type;
    const bytes = type ? await c.get("reader").asset(name) : null;
    if (!type || !bytes) throw notFound(`No such asset: ${name}`);
    let asset = assets.get(name);
    if (!asset) assets.set(name, (asset = new StaticAnswer(bytes as Bytes, type, "public, max-age=86400")));
    return asset.respond(c);
  }) as never);
}
