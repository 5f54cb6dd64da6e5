// Bulk exports (docs/exports.md): a scenario's manifest of files, and each file, served from the
// store as built (build/exports) with a strong ETag (its sha256) and single byte ranges. Keyed and
// counted like every data route; refused to clock keys, being prebuilt for the whole window. While
// `npm start` builds a scenario's export in the background, both answer 503 with Retry-After.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { EXPORTS_PENDING, type ExportsPending } from "../bundle/layout.ts";
import { ExportManifest, isExportFileName } from "../contract/exports.ts";
import { ErrorBody } from "../contract/resources.ts";
import type { AppEnv } from "../env.ts";
import { clocked } from "../http/clock.ts";
import { ApiError, notFound } from "../http/errors.ts";
import { matches } from "../http/respond.ts";
import { API_KEY_SCHEME, dataRoute, errorResponses, serve, type ApiApp } from "../http/route.ts";
import { unknownScenario } from "../http/scenario.ts";

const TAG = "Exports";

const scenarioId = z
  .string()
  .min(1)
  .max(64)
  .meta({ description: "The scenario.", example: "0126f9b8-e2d9-8186-aac8-f2936bb28fd8" });

/** Retry-After while an export is being built: a moment at least, a rate-limit window at most (the clients' longest wait). */
const RETRY_SECONDS = { min: 2, max: 60 };
/** A marker this long past its estimate was left by a start that was killed: no export is coming. */
const ABANDONED_AFTER_MS = 10 * 60_000;

/** The answer of both routes while the export is being built (docs/api-choices.md says why 503). */
const beingBuilt = {
  503: {
    description: "The export is being built by `npm start`: retry after Retry-After seconds. Never on a deployment.",
    headers: {
      "Retry-After": {
        description: `Seconds to wait (${RETRY_SECONDS.min} to ${RETRY_SECONDS.max}).`,
        schema: { type: "integer" as const },
      },
    },
    content: { "application/json": { schema: ErrorBody } },
  },
};

const declared = dataRoute({
  path: "/scenarios/{scenario_id}/exports",
  tag: TAG,
  summary: "A scenario's bulk export: its files",
  description:
    "Every dataset of the scenario as of its current_date, as a gzipped CSV and a Parquet file, each with its " +
    "sha256, row count and schema. 404 when no export was built for the scenario (`npm run build:library` builds them); " +
    "503 with Retry-After while `npm start` is building it. Refused (403) to clock keys.",
  wholeWindow: true,
  request: { params: z.object({ scenario_id: scenarioId }) },
  response: z.object({ exports: ExportManifest }),
});
const manifestRoute = { ...declared, responses: { ...declared.responses, ...beingBuilt } };

const CONTENT_TYPES = { "csv.gz": "application/gzip", parquet: "application/vnd.apache.parquet" } as const;
const binary = { schema: z.string().meta({ format: "binary" }) };

const fileRoute = createRoute({
  method: "get",
  path: "/scenarios/{scenario_id}/exports/{file}",
  tags: [TAG],
  summary: "One file of a scenario's bulk export",
  description:
    "The file's bytes as built. Its ETag is the first 32 hex digits of its sha256 (If-None-Match answers 304); " +
    "`Range: bytes=a-b` (or `a-`, `-n`) gets 206 with that part, If-Range honoured; a range beyond the file 416. " +
    "A `.csv.gz` is served as application/gzip, not with a Content-Encoding, so the bytes are the file's. " +
    "503 with Retry-After while `npm start` is building the export. Refused (403) to clock keys.",
  security: [{ [API_KEY_SCHEME]: [] }],
  request: {
    params: z.object({
      scenario_id: scenarioId,
      file: z.string().min(1).max(64).meta({ description: "A file of the manifest.", example: "prices.parquet" }),
    }),
  },
  responses: {
    200: {
      description: "The whole file.",
      headers: {
        "X-As-Of": {
          description: "The horizon of its rows: the scenario's current_date.",
          schema: { type: "string", format: "date" },
        },
        ETag: { description: "The first 32 hex digits of its sha256.", schema: { type: "string" } },
      },
      content: { [CONTENT_TYPES["csv.gz"]]: binary, [CONTENT_TYPES.parquet]: binary },
    },
    206: { description: "The part of the file the Range asked for (Content-Range says which)." },
    304: { description: "The file the If-None-Match names: unchanged, as every export is." },
    416: {
      description: "A range that starts beyond the file (Content-Range: bytes */size).",
      content: { "application/json": { schema: z.object({ detail: z.string() }) } },
    },
    ...errorResponses,
    ...beingBuilt,
  },
});

/**
 * Why a scenario has no export in the store: being built by `npm start`, whose marker is there
 * (layout.ts, EXPORTS_PENDING), 503 with Retry-After until its estimate; else never built (or the
 * marker was abandoned long ago), 404 `missing`.
 */
async function notBuilt(c: Context<AppEnv>, id: string, missing: string): Promise<ApiError> {
  const marker = await c.get("reader").exportFile(id, EXPORTS_PENDING);
  if (!marker) return notFound(missing);
  let readyBy = NaN;
  try {
    readyBy = Date.parse((JSON.parse(await new Response(marker).text()) as ExportsPending).ready_by);
  } catch {} // unreadable: retry soon
  if (Date.now() - readyBy > ABANDONED_AFTER_MS) return notFound(missing);
  const left = Math.ceil((readyBy - Date.now()) / 1000);
  const retry = Number.isFinite(left)
    ? Math.min(RETRY_SECONDS.max, Math.max(RETRY_SECONDS.min, left))
    : RETRY_SECONDS.min;
  c.header("Retry-After", String(retry));
  return new ApiError(
    503,
    `The exports of scenario ${id} are being built (npm start builds them after it starts serving); ` +
      `retry in about ${retry} s${left > retry ? ` (expected ready in about ${left} s)` : ""}`,
  );
}

/** The one range a `Range` header asks for, within `size`: null for none or one to ignore (RFC 9110: a malformed or multiple range), "unsatisfiable" for one past the end. */
function rangeOf(
  header: string | undefined,
  size: number,
): { offset: number; length: number } | null | "unsatisfiable" {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Math.min(Number(m[2]), size);
    return suffix === 0 ? "unsatisfiable" : { offset: size - suffix, length: suffix };
  }
  const first = Number(m[1]);
  const last = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < first) return null;
  if (first >= size) return "unsatisfiable";
  return { offset: first, length: last - first + 1 };
}

export function register(app: ApiApp): void {
  serve(app, manifestRoute, async ({ scenario_id }, _scenario, c) => {
    const manifest = await c.get("reader").exportManifest(scenario_id);
    if (!manifest)
      throw await notBuilt(
        c,
        scenario_id,
        `No export was built for scenario ${scenario_id} (npm run build:library builds them)`,
      );
    return { exports: manifest };
  });

  app.openapi(fileRoute, (async (c: Context<AppEnv>) => {
    const [id, name] = [c.req.param("scenario_id")!, c.req.param("file")!];
    clocked(c, { scenario_id: id }, [], true);
    const reader = c.get("reader");
    if (!(await reader.catalogEntry(id))) throw await unknownScenario(reader, id);
    const manifest = await reader.exportManifest(id);
    const missing = `No export file '${name}' for scenario ${id} (GET /scenarios/${id}/exports lists them)`;
    if (!manifest) throw isExportFileName(name) ? await notBuilt(c, id, missing) : notFound(missing);
    const file = manifest.files.find((f) => f.name === name);
    if (!file) throw notFound(missing);

    const etag = `"${file.sha256.slice(0, 32)}"`;
    const headers: Record<string, string> = {
      ETag: etag,
      "Cache-Control": "private, max-age=31536000, immutable",
      "Accept-Ranges": "bytes",
      "Content-Type": CONTENT_TYPES[file.format],
      "Content-Disposition": `attachment; filename="${manifest.scenario_name}-${file.name}"`,
      "X-As-Of": manifest.as_of,
    };
    if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
    const ifRange = c.req.header("if-range");
    const range = ifRange === undefined || ifRange === etag ? rangeOf(c.req.header("range"), file.bytes) : null;
    if (range === "unsatisfiable") {
      c.header("Content-Range", `bytes */${file.bytes}`);
      throw new ApiError(416, `Range not satisfiable: '${name}' has ${file.bytes} bytes`);
    }
    const length = range ? range.length : file.bytes;
    const status = range ? 206 : 200;
    if (range) headers["Content-Range"] = `bytes ${range.offset}-${range.offset + range.length - 1}/${file.bytes}`;
    headers["Content-Length"] = String(length);
    if (c.req.method === "HEAD") return c.body(null, status, headers);
    const body = await reader.exportFile(id, name, range ?? undefined);
    if (!body) throw notFound(`No export file '${name}' for scenario ${id}`);
    return c.body(body, status, headers);
  }) as never);
}
