// The Hono application: routing, authentication and error mapping. Resource routes live in routes/.
import { Hono } from "hono";
import { BundleReader } from "./bundle/reader.ts";
import { FetcherBundleStore, R2BundleStore, type BundleStore } from "./bundle/store.ts";
import type { AppEnv, Env } from "./env.ts";
import { requireApiKey } from "./http/auth.ts";
import { ApiError } from "./http/errors.ts";
import { servedBefore } from "./http/respond.ts";
import { actions } from "./routes/actions.ts";
import { company } from "./routes/company.ts";
import { events } from "./routes/events.ts";
import { funds } from "./routes/funds.ts";
import { macro } from "./routes/macro.ts";
import { prices } from "./routes/prices.ts";
import { scenarios } from "./routes/scenarios.ts";

const DEFAULT_CACHE_MB = 64;

/** Deployment binds an R2 bucket; the local runtime binds the bundles directory instead. */
function newReader(env: Env): BundleReader {
  const chosen: BundleStore | null = env.BUNDLES
    ? new R2BundleStore(env.BUNDLES)
    : env.BUNDLE_FILES
      ? new FetcherBundleStore(env.BUNDLE_FILES)
      : null;
  if (!chosen) throw new Error("no bundle store bound: set BUNDLES (R2) or BUNDLE_FILES");
  const mb = Number(env.BUNDLE_CACHE_MB ?? DEFAULT_CACHE_MB) || DEFAULT_CACHE_MB;
  return new BundleReader(chosen, mb * 1024 * 1024);
}

/** The app; its reader (and so its shard cache) lives as long as the isolate. */
export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body(), err.status);
    console.error("unhandled error", err instanceof Error ? err.stack : String(err));
    return c.json({ detail: "Internal server error" }, 500);
  });
  app.notFound((c) => c.json({ detail: `Not found: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));

  app.get("/health", (c) => c.json({ status: "ok", environment: c.env.ENVIRONMENT ?? "production" }));

  app.use("*", requireApiKey);
  let reader: BundleReader | undefined;
  app.use("*", async (c, next) => {
    reader ??= newReader(c.env);
    c.set("reader", reader);
    await next();
  });
  app.use("*", servedBefore);
  app.route("/", scenarios);
  app.route("/", company);
  app.route("/", prices);
  app.route("/", macro);
  app.route("/", events);
  app.route("/", actions);
  app.route("/", funds);
  return app;
}
