// docs/reference.md, rendered from the OpenAPI document the app builds from its route declarations
// (the one served at /openapi.json), so the page lists exactly what the worker validates and answers.
// Deterministic: the document's order, and prettier's formatting, so `prettier --write docs` keeps it.
import { format, resolveConfig } from "prettier";
import { createApp } from "../../src/app.ts";
import { errorResponses } from "../../src/http/route.ts";
import { openApiDocument } from "../../src/routes/meta.ts";

export const REFERENCE_FILE = new URL("../../docs/reference.md", import.meta.url);

interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: Schema;
}
interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}

const oneLine = (text = "") => text.replace(/\s+/g, " ").trim();
const code = (value: unknown) => `\`${typeof value === "string" ? value : JSON.stringify(value)}\``;
const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);
/** A named shape, linked to its entry under "Shapes" (headings in lower case are GitHub's anchors). */
const shapeLink = (name: string) => `[${code(name)}](#${name.toLowerCase()})`;

/** A schema as a short phrase: `string (date)`, `integer 1..10000`, one of `a`, `b`, array of `Row`. */
function typeOf(s: Schema): string {
  if (s.$ref) return shapeLink(refName(s.$ref));
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map(typeOf).join(" or ");
  if (s.enum) return `one of ${s.enum.map(code).join(", ")}`;
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const named = types
    .filter((t) => t !== "null")
    .map((t) => {
      if (t === "array") return `array of ${s.items ? typeOf(s.items) : "values"}`;
      if (t === "object" && typeof s.additionalProperties === "object" && Object.keys(s.additionalProperties).length)
        return `object of ${typeOf(s.additionalProperties)}`;
      if (t === "string" && s.format) return `${s.format} string`;
      if (t === "integer" || t === "number") {
        // zod's z.int() bounds every integer by the safe range: not worth saying.
        const max = s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER ? s.maximum : undefined;
        if (s.minimum !== undefined || max !== undefined) return `${t} ${s.minimum ?? ""}..${max ?? ""}`;
      }
      return t;
    });
  const phrase = named.join(" or ") || "any";
  return types.includes("null") ? `${phrase} or null` : phrase;
}

/** One parameter or body field: name, where, required, type, default, description. */
function parameterLine(name: string, where: string, required: boolean, schema: Schema, description?: string) {
  const facts = [where, ...(required ? ["**required**"] : []), typeOf(schema)];
  if (schema.default !== undefined) facts.push(`default ${code(schema.default)}`);
  return `- ${code(name)} (${facts.join(", ")}): ${oneLine(description ?? schema.description)}`;
}

/** An object's keys, one line each: name, type, whether optional, description. */
function keyLines(schema: Schema): string[] {
  return Object.entries(schema.properties ?? {}).map(([key, value]) => {
    const optional = schema.required?.includes(key) ? "" : ", optional";
    const description = oneLine(value.description);
    return `- ${code(key)} (${typeOf(value)}${optional})${description ? `: ${description}` : ""}`;
  });
}

/** The 200 answer: its media type and top-level keys (a named shape's own keys). */
function answerLines(op: Operation, schemas: Record<string, Schema>): string[] {
  const ok = op.responses["200"];
  const [type, media] = Object.entries(ok?.content ?? {})[0] ?? [];
  if (!type || !media) return [`**Answer:** ${oneLine(ok?.description)}`];
  const schema = media.schema.$ref ? schemas[refName(media.schema.$ref)] : media.schema;
  if (!schema?.properties) return [`**Answer** (${code(type)}): ${oneLine(ok.description)}`];
  const named = media.schema.$ref ? ` ${shapeLink(refName(media.schema.$ref))},` : "";
  return [`**Answer** (${code(type)}):${named} an object with`, "", ...keyLines(schema)];
}

/** The error statuses; a status whose meaning is not the shared one (src/http/route.ts) says its own. */
function errorLine(op: Operation): string | null {
  const shared = errorResponses as Record<string, { description: string }>;
  const statuses = Object.keys(op.responses)
    .filter((s) => s !== "200")
    .map((s) => {
      const own = op.responses[s].description;
      return shared[s]?.description === own ? s : `${s} (${oneLine(own)})`;
    });
  return statuses.length ? `**Errors:** ${statuses.join(", ")}.` : null;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

/** The reference page of the app's document, formatted as prettier formats docs/. */
export async function renderReference(): Promise<string> {
  const doc = openApiDocument(createApp()) as unknown as {
    info: { description: string };
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Schema>; securitySchemes: Record<string, { description?: string }> };
  };
  const schemas = doc.components.schemas;
  const byTag = new Map<string, string[][]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const heading = `${method.toUpperCase()} ${path}`;
      const section = [`### \`${heading}\``, "", `${oneLine(op.summary)}.`];
      if (op.description) section.push("", oneLine(op.description));
      const params = (op.parameters ?? []).map((p) =>
        parameterLine(p.name, p.in, p.required ?? false, p.schema, p.description),
      );
      const body = op.requestBody && Object.values(op.requestBody.content)[0]?.schema;
      const bodySchema = body?.$ref ? schemas[refName(body.$ref)] : body;
      for (const [name, field] of Object.entries(bodySchema?.properties ?? {}))
        params.push(parameterLine(name, "body", bodySchema?.required?.includes(name) ?? false, field));
      if (params.length) section.push("", "**Parameters:**", "", ...params);
      section.push("", ...answerLines(op, schemas));
      const errors = errorLine(op);
      if (errors) section.push("", errors);
      const tag = op.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), [heading, section.join("\n")]]);
    }
  }

  const shared = Object.entries(errorResponses).map(([status, e]) => `- ${status}: ${e.description}`);
  const keyScheme = Object.values(doc.components.securitySchemes)[0]?.description ?? "";
  const lines = [
    "# API reference",
    "",
    "<!-- Generated by `npm run docs:reference` from the route declarations; do not edit by hand. -->",
    "",
    "Every route the service serves, generated from the OpenAPI 3.1 document it publishes at `GET /openapi.json`",
    "(readable at `GET /docs`): the parameters listed are those the worker validates. How to use them step by step",
    "is in [agents.md](agents.md); choices the routes share are in [api-choices.md](api-choices.md). The",
    "financialdatasets.ai-compatible paths under `/fd/{scenario_id}` are in [financialdatasets.md](financialdatasets.md).",
    "",
    oneLine(doc.info.description),
    "",
    `Key: the \`X-API-KEY\` header. ${keyScheme} Parameters are query parameters unless marked; a list parameter is`,
    "repeated (`ticker=A&ticker=B`). Errors answer `{detail}` (a 422 also `errors`, every failed rule), with these",
    "meanings unless a route says otherwise:",
    "",
    ...shared,
    "",
    "## Routes",
    "",
    ...[...byTag].map(([tag, routes]) => `- ${tag}: ${routes.map(([h]) => `[\`${h}\`](#${anchor(h)})`).join(", ")}`),
    ...[...byTag].flatMap(([tag, routes]) => ["", `## ${tag}`, ...routes.flatMap(([, section]) => ["", section])]),
    "",
    "## Shapes",
    "",
    "The named objects the answers and bodies above are made of, in alphabetical order.",
    ...Object.keys(schemas)
      .sort()
      .flatMap((name) => {
        const description = oneLine(schemas[name].description);
        return ["", `### \`${name}\``, ...(description ? ["", description] : []), "", ...keyLines(schemas[name])];
      }),
    "",
  ];
  return format(lines.join("\n"), { ...(await resolveConfig(REFERENCE_FILE)), parser: "markdown" });
}
