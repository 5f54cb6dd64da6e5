// Query and path parameters as zod schemas: each validates what a client sends, documents itself
// (description and example, read by the OpenAPI document) and words its failures the way
// docs/api-choices.md, "Status codes and error bodies", asks ("Query parameter 'limit' must be at
// most 10000"). Hono hands a schema a string for a parameter given once and an array for a repeated
// one: identical repeats collapse to one value, conflicting repeats of a single-valued parameter
// fail ("may be given only once"), and list filters (`many`) keep every value as "any of".
import { z } from "zod";
import { normalInstant } from "./instant.ts";
import { normalizeTicker } from "./ticker.ts";

// workerd forbids code generation; tell zod up front instead of letting it try on every parse.
z.config({ jitless: true });

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TICKER_RE = /^[A-Z0-9][A-Z0-9-]{0,14}$/;

function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The message for a value of the wrong kind: missing, repeated with different values, or malformed. */
const wrongKind = (what: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined
      ? "is required"
      : Array.isArray(issue.input)
        ? "may be given only once"
        : `must be ${what}`,
});

/** Identical repeats (`ticker=A&ticker=A`, from clients that re-send session parameters) are one value. */
const collapseRepeats = (value: unknown) =>
  Array.isArray(value) && value.length > 0 && value.every((v) => v === value[0]) ? value[0] : value;

/** A single-valued parameter read from a query string. */
function one<T extends z.ZodType>(schema: T) {
  return z.preprocess(collapseRepeats, schema);
}

type Doc = {
  description: string;
  example: string;
};

export const str = (doc: Doc, maxLength = 256) =>
  one(
    z
      .string(wrongKind("a string"))
      .min(1, "must not be empty")
      .max(maxLength, `must be at most ${maxLength} characters`),
  ).meta(doc);

export const date = (doc: Doc) =>
  one(z.string(wrongKind("a date YYYY-MM-DD")).refine(isCalendarDate, "must be a valid date YYYY-MM-DD")).meta({
    ...doc,
    format: "date",
  });

/** Integers as sent (digits only, so `1e3`, `0x10` and an empty value are refused), documented as integers. */
export const int = (doc: Doc, min: number, max = Number.MAX_SAFE_INTEGER) =>
  one(
    z
      .string(wrongKind("an integer"))
      .regex(/^[+-]?\d{1,15}$/, "must be an integer")
      .transform(Number)
      .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)),
  ).meta({
    ...doc,
    type: "integer",
    example: Number(doc.example),
    minimum: min,
    ...(max < Number.MAX_SAFE_INTEGER ? { maximum: max } : {}),
  });

/** `true`/`false`, also `1`/`0` (docs/api-choices.md, "Requests"); documented as a boolean. */
export const bool = (doc: Doc) =>
  one(z.enum(["true", "false", "1", "0"], wrongKind("true or false")))
    .transform((v) => v === "true" || v === "1")
    .meta({ ...doc, type: "boolean", example: doc.example === "true" || doc.example === "1" });

/** An optional parameter's default, applied and documented. */
export const withDefault = <T extends z.ZodType>(schema: T, value: z.util.NoUndefined<z.output<T>>) =>
  schema.default(value).meta({ default: value });

export const oneOf = <T extends string>(values: readonly [T, ...T[]], doc: Doc) =>
  one(z.enum(values, wrongKind(`one of ${values.join(", ")}`))).meta(doc);

const tickerValue = () =>
  z
    .string(wrongKind("a ticker symbol"))
    .min(1, "must not be empty")
    .transform(normalizeTicker)
    .pipe(z.string().regex(TICKER_RE, "must be a ticker symbol"));

/** Any case, `brk.b` is `BRK-B` (docs/contract.md, "Ticker normalization"); repeats that normalize alike are one. */
export const ticker = (doc: Doc) =>
  z
    .preprocess(
      (v) => collapseRepeats(Array.isArray(v) ? v.map((t) => (typeof t === "string" ? normalizeTicker(t) : t)) : v),
      tickerValue(),
    )
    .meta(doc);

/** A list filter: repeat the parameter for "any of these values" (docs/api-choices.md, "Requests"). */
export const many = <T extends z.ZodType>(item: T, doc: Doc) =>
  z
    .preprocess(
      (v) => (v === undefined || Array.isArray(v) ? v : [v]),
      z.array(item).transform((values) => [...new Set(values)]),
    )
    .optional()
    .meta({ ...doc, example: [doc.example] });

/** A ticker list filter: `only` says what it keeps ("Only these companies' events"). */
export const tickers = (only: string, example: string) =>
  many(ticker({ description: "A ticker.", example }), { description: `${only} (repeat for any of).`, example });

/**
 * A list of tickers, comma-separated (`tickers=AAPL,MSFT`), repeated, or both: each once and sorted
 * (an answer by ticker reads them in order), at most `max` of them.
 */
export const tickerList = (max: number, doc: Doc) =>
  z
    .preprocess(
      (v) => (v === undefined ? v : [v].flat().flatMap((t) => (typeof t === "string" ? t.split(",") : [t]))),
      z
        .array(tickerValue())
        .transform((values) => [...new Set(values)].sort())
        .pipe(z.array(z.string()).max(max, `must name at most ${max} tickers`)),
    )
    .optional()
    .meta({ ...doc, example: doc.example.split(",") });

/** `limit` and `offset` with the endpoint's default and maximum (docs/contract.md, "Page sizes"). */
/** Built once per (default, maximum): schemas are costly to build, and routes share them. */
const pages = new Map<string, ReturnType<typeof buildPage>>();

/** Each page's limit parameter -> its default and maximum (the financialdatasets door clamps to it). */
const pageLimits = new WeakMap<object, { defaultLimit: number; maxLimit: number }>();

/** The default and maximum of a route's `limit`, if it is a page()'s. */
export const limitsOf = (limit: unknown) => (limit && typeof limit === "object" ? pageLimits.get(limit) : undefined);

function buildPage(defaultLimit: number, maxLimit: number) {
  const built = {
    limit: withDefault(
      int(
        { description: `Rows per page (default ${defaultLimit}, at most ${maxLimit}).`, example: String(defaultLimit) },
        1,
        maxLimit,
      ),
      defaultLimit,
    ),
    offset: withDefault(
      int(
        { description: "Rows to skip: walk a result by adding `limit` until a short page comes back.", example: "0" },
        0,
      ),
      0,
    ),
  };
  pageLimits.set(built.limit, { defaultLimit, maxLimit });
  return built;
}

export function page(defaultLimit: number, maxLimit: number) {
  const key = `${defaultLimit}/${maxLimit}`;
  let built = pages.get(key);
  if (!built) pages.set(key, (built = buildPage(defaultLimit, maxLimit)));
  return built;
}

/** An example scenario of the default library (the megacap-tech-2023 scenario). */
export const EXAMPLE_SCENARIO_ID = "7d3f1c2a-5b8e-8c61-9a0f-2e4b6d8c1a37";

/** Every data endpoint names its scenario (docs/contract.md, "Naming the scenario"). */
const SCENARIO_ID = str({ description: "The scenario to read (see `/scenarios`).", example: EXAMPLE_SCENARIO_ID }, 64);
export const scenarioId = () => SCENARIO_ID;

/** A date, or a date with an exchange time (`2023-07-25T14:30`), the time given as `...T14:30:00`. */
const pointInTime = (doc: Doc) =>
  one(
    z
      .string(wrongKind("a date YYYY-MM-DD or a date and time YYYY-MM-DDTHH:MM"))
      .refine(
        (v) => isCalendarDate(v) || (isCalendarDate(v.slice(0, 10)) && normalInstant(v) !== null),
        "must be a valid date YYYY-MM-DD or a date and time YYYY-MM-DDTHH:MM[:SS]",
      )
      .transform((v) => normalInstant(v) ?? v),
  ).meta({ ...doc, pattern: "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2})?)?$" });

export const asOf = (what: string) =>
  pointInTime({
    description:
      `Point in time: only ${what} visible by then. A date means the end of that day; a date and exchange time ` +
      "(`2023-06-30T14:30`, New York) that moment: rows of that day without a time of their own wait for its end " +
      '(docs/api-choices.md, "Point in time"). Defaults to the scenario\'s current_date; a later date reveals a future branch.',
    example: "2023-06-30",
  });

const START_DATE = date({ description: "First date of the window (inclusive).", example: "2023-01-01" });
const END_DATE = date({ description: "Last date of the window (inclusive).", example: "2023-12-31" });
export const startDate = () => START_DATE;
export const endDate = () => END_DATE;

// Request-body fields (JSON): values come typed, so there are no repeats to collapse and no digits
// to parse; the failures read as the query's do ("Body field 'limit' must be at most 5000").

export const bodyKind = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : `must be ${what}`),
});

export const bodyStr = (doc: Doc, maxLength = 256) =>
  z
    .string(bodyKind("a string"))
    .min(1, "must not be empty")
    .max(maxLength, `must be at most ${maxLength} characters`)
    .meta(doc);

export const bodyDate = (doc: Doc) =>
  z
    .string(bodyKind("a date YYYY-MM-DD"))
    .refine(isCalendarDate, "must be a valid date YYYY-MM-DD")
    .meta({ ...doc, format: "date" });

export const bodyInt = (doc: Doc, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .int(bodyKind("an integer"))
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .meta({ ...doc, example: Number(doc.example) });

export const bodyOneOf = <T extends string>(values: readonly [T, ...T[]], doc: Doc) =>
  z.enum(values, bodyKind(`one of ${values.join(", ")}`)).meta(doc);

/** A list of strings, each kept once; an empty list is refused (it would ask for nothing). */
export const bodyList = <T extends z.ZodType<string>>(item: T, doc: Doc) =>
  z
    .array(item, bodyKind("a list"))
    .min(1, "must not be empty")
    .transform((values) => [...new Set(values)])
    .meta({ ...doc, example: [doc.example] });

/** A ticker in a body, normalized as in a query (`brk.b` is `BRK-B`). */
export const bodyTicker = (doc: Doc) => tickerValue().meta(doc);

/** Tickers in a body, normalized as in a query (`brk.b` is `BRK-B`). */
export const bodyTickers = (doc: Doc) => bodyList(tickerValue(), doc);

/**
 * A name or a list of names (`"Energy"` or `["Energy", "Utilities"]`), read as a list: any of them.
 * `name` checks each (its failures should be refinements: a union reports only those that let it go on).
 */
export const bodyNames = (doc: Doc, name: z.ZodType<string> = z.string().min(1, "must not be empty")) =>
  z
    .union([name, z.array(name).min(1, "must not be empty")], bodyKind("a string or a list of strings"))
    .transform((v) => (typeof v === "string" ? [v] : v))
    .meta(doc);
