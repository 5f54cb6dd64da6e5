// The contract held to the code: the live /openapi.json is valid OpenAPI 3.1, documents every
// parameter, and every route's real answers (and error answers) validate against it. Validation is
// stricter than the document: an undocumented field in an answer fails here.
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { base, json, MEGACAP, post, request } from "./client.ts";
import {
  isRunRoute,
  OPEN_ROUTES,
  OPERATOR_ROUTES,
  openSampleRun,
  POST_SAMPLES,
  runSamples,
  SAMPLES,
} from "./samples.ts";

type Json = Record<string, unknown>;
interface Operation {
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
  security?: Json[];
}
const live = await fetch(`${base}/openapi.json`);
const document = (await live.json()) as {
  openapi: string;
  paths: Record<string, { get?: Operation; post?: Operation }>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
};
/** Every operation of the document, as [path, method, operation]. */
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => [path, method, op as Operation] as const),
);

/** A copy of the document in which every object schema with properties admits no others. */
function strict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strict);
  if (!node || typeof node !== "object") return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, strict(v)])) as Json;
  if (out.type === "object" && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false;
  return out;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat("date", /^\d{4}-\d{2}-\d{2}$/);
ajv.addFormat("uri", /^https?:\/\/\S+$/);
ajv.addSchema(strict(document) as Json, "api");
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
const validatorOf = (path: string, status: string, method = "get") =>
  ajv.compile({
    $ref: `api#/${pointer("paths", path, method, "responses", status, "content", "application/json", "schema")}`,
  });

describe("the OpenAPI document", () => {
  it("is served without a key and is valid OpenAPI 3.1", async () => {
    expect(live.status).toBe(200);
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("declares the X-API-KEY scheme and requires it on every keyed route", () => {
    expect(document.components.securitySchemes.ApiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-API-KEY",
    });
    for (const [path, method, op] of operations) {
      const expected = OPEN_ROUTES.has(path) ? [] : OPERATOR_ROUTES.has(path) ? [{ Operator: [] }] : [{ ApiKey: [] }];
      expect(op.security ?? [], `${method} ${path}`).toEqual(expected);
    }
  });

  it("describes every parameter with a description and an example, and every body field", () => {
    for (const [path, , op] of operations) {
      for (const p of op.parameters ?? []) {
        const schema = p.schema as Json;
        expect(p.description, `${path} ${p.name}`).toBeTruthy();
        expect(schema.example ?? (schema.items as Json | undefined)?.example, `${path} ${p.name}`).toBeDefined();
      }
      const body = (op.requestBody?.content as Record<string, { schema: { $ref: string } }> | undefined)?.[
        "application/json"
      ];
      if (!body) continue;
      const schema = document.components.schemas[body.schema.$ref.split("/").pop()!];
      for (const [field, def] of Object.entries(schema.properties as Record<string, Json>)) {
        expect(def.description, `${path} body ${field}`).toBeTruthy();
        expect(def.example, `${path} body ${field}`).toBeDefined();
      }
    }
  });

  it("gives every keyed route the shared error answers with the {detail} body", () => {
    for (const [path, method, op] of operations) {
      if (!op.security?.length) continue;
      for (const status of ["400", "401", "404", "422", "429"]) {
        expect(op.responses[status], `${method} ${path} ${status}`).toMatchObject({
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        });
      }
    }
  });

  it("describes every field of every resource", () => {
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      for (const [field, def] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
        expect(
          def.description ?? def.$ref ?? (def.type === "object" ? "nested" : undefined),
          `${name}.${field}`,
        ).toBeTruthy();
      }
    }
  });
});

// The HTML pages (the start page and /docs) are checked in docs.test.ts.
describe.each(Object.keys(SAMPLES).filter((p) => p !== "/" && !p.startsWith("/docs")))(
  "%s answers as documented",
  (path) => {
    it("with a 200 body that validates against its schema", async () => {
      const res = await request(SAMPLES[path]);
      expect(res.status).toBe(200);
      // A file (a bulk export): of a content type the route declares, not JSON.
      const declared = Object.keys((document.paths as Record<string, any>)[path].get.responses["200"].content);
      if (!declared.includes("application/json")) {
        expect(declared).toContain(res.headers.get("content-type"));
        return;
      }
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      const validate = validatorOf(path, "200");
      const body = await json(res);
      expect(validate(body) ? [] : validate.errors).toEqual([]);
    });
  },
);

// The run routes, on a run of this file's own: each answer of the sample order validates (GETs
// first, then the writes in the order a day takes: order, cancel, advance, finish, open another).
describe("the run routes answer as documented", () => {
  it("with 200 bodies that validate against their schemas, and refusals against the Error schema", async () => {
    const { runId, orderId } = await openSampleRun();
    const samples = runSamples(runId, orderId);
    const paths = Object.keys(document.paths).filter(isRunRoute);
    expect(paths.sort()).toEqual([...new Set([...Object.keys(samples.get), ...Object.keys(samples.post)])].sort());
    for (const [route, path] of Object.entries(samples.get)) {
      const res = await request(path);
      expect(res.status, route).toBe(200);
      const validate = validatorOf(route, "200");
      expect(validate(await json(res)) ? [] : validate.errors, route).toEqual([]);
    }
    for (const route of [
      "/runs/{run_id}/orders",
      "/runs/{run_id}/orders/{order_id}/cancel",
      "/runs/{run_id}/advance",
      "/runs/{run_id}/finish",
      "/runs",
    ]) {
      const { path, body: sent } = samples.post[route];
      const res = await post(path, sent);
      expect(res.status, route).toBe(200);
      const validate = validatorOf(route, "200", "post");
      expect(validate(await json(res)) ? [] : validate.errors, route).toEqual([]);
    }
    // The run is finished now: an order is refused (409) with the shared error body.
    const refused = await post(samples.post["/runs/{run_id}/orders"].path, samples.post["/runs/{run_id}/orders"].body);
    expect(refused.status).toBe(409);
    const validate = validatorOf("/runs/{run_id}/orders", "409", "post");
    expect(validate(await json(refused)) ? [] : validate.errors).toEqual([]);
  });
});

describe.each(Object.keys(POST_SAMPLES))("POST %s answers as documented", (path) => {
  it("with a 200 body that validates against its schema", async () => {
    const res = await post(path, POST_SAMPLES[path]);
    expect(res.status).toBe(200);
    const validate = validatorOf(path, "200", "post");
    const body = await json(res);
    expect(body.results.length).toBeGreaterThan(0);
    expect(validate(body) ? [] : validate.errors).toEqual([]);
  });

  it("with a 422 body that validates against the Error schema", async () => {
    const res = await post(path, { ...POST_SAMPLES[path], limit: 0 });
    expect(res.status).toBe(422);
    const validate = validatorOf(path, "422", "post");
    expect(validate(await json(res)) ? [] : validate.errors).toEqual([]);
  });
});

// Answers of another form than the route's sample.
describe.each([
  ["/prices", `/prices?scenario_id=${MEGACAP}&tickers=AAPL,SPY&include_components=true&start_date=2023-06-26`],
])("%s answers %s as documented", (path, url) => {
  it("with a 200 body that validates against its schema", async () => {
    const res = await request(url);
    expect(res.status).toBe(200);
    const validate = validatorOf(path, "200");
    expect(validate(await json(res)) ? [] : validate.errors).toEqual([]);
  });
});

describe("error answers validate against the Error schema", () => {
  it.each([
    ["/prices", "/prices?scenario_id=x&ticker=AAPL&limit=0", 422],
    ["/prices", "/prices?scenario_id=x&ticker=AAPL", 404],
    ["/prices", "/prices?scenario_id=x&ticker=AAPL&start_date=2023-02-01&end_date=2023-01-01", 400],
    ["/macro", "/macro?scenario_id=x", 404],
  ])("%s: %s -> %i", async (path, url, status) => {
    const res = await request(url);
    expect(res.status).toBe(status);
    const validate = validatorOf(path, String(status));
    const body = await json(res);
    expect(validate(body) ? [] : validate.errors).toEqual([]);
  });

  it("for a 401 too", async () => {
    const unauthorized = await request("/prices?scenario_id=x&ticker=AAPL", { key: null });
    expect(validatorOf("/prices", "401")(await json(unauthorized))).toBe(true);
  });
});
