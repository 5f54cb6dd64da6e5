// The application: every route declared once (src/routes, src/http/route.ts), served by one
// OpenAPIHono app that also publishes them as /openapi.json. Order of a request: method check,
// the store's reader, the routes that need no key, the key and its rate limit, then the data routes.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { BundleReader } from "./bundle/reader.ts";
import { newReader } from "./bundle/from-env.ts";
import type { AppEnv } from "./env.ts";
import { requireApiKey } from "./http/auth.ts";
import { ApiError } from "./http/errors.ts";
import { onlyDeclaredMethods } from "./http/methods.ts";
import { validationError, type ApiApp } from "./http/route.ts";
import * as fd from "./fd/door.ts";
import * as mcp from "./mcp/server.ts";
import { FAMILY_ROUTES } from "./families/routes.ts";
import * as keys from "./routes/keys.ts";
import * as meta from "./routes/meta.ts";
import { RUN_CLOCKS } from "./runs/access.ts";
import * as runs from "./runs/routes.ts";
import * as leaderboard from "./runs/leaderboard.ts";

/** The app; its reader (and so its shard cache) lives as long as the isolate. */
export function createApp(): ApiApp {
  const app: ApiApp = new OpenAPIHono<AppEnv>({
    strict: false,
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.target, result.error);
    },
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body(), err.status);
    console.error("unhandled error", err instanceof Error ? err.stack : String(err));
    return c.json({ detail: "Internal server error" }, 500);
  });
  app.notFound((c) => c.json({ detail: `Not found: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));

  app.use("*", onlyDeclaredMethods(app));
  let reader: BundleReader | undefined;
  app.use("*", async (c, next) => {
    reader ??= newReader(c.env);
    c.set("reader", reader);
    await next();
  });
  meta.register(app);
  // Before the key check: the door's request to a native route is checked (and counted) once, there.
  fd.register(app);
  // Checks the key itself; each tool call is one request to a data route, counted there.
  mcp.register(app);
  // Key management has its own credential (the operator's), not a key.
  keys.registerManagement(app);

  app.use("*", requireApiKey(RUN_CLOCKS));
  keys.registerAccount(app);
  runs.register(app);
  leaderboard.register(app);
  for (const family of FAMILY_ROUTES) family.register(app);
  return app;
}
