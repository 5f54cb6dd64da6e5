// Query-string validation with zod. Each route declares its parameters once; failures become
// 422 {detail, errors} naming the parameter and the rule (GAPS.md).
import { z } from "zod";
import { normalizeTicker } from "../contract/ticker.ts";
import { ApiError } from "./errors.ts";

// workerd forbids code generation; tell zod up front instead of letting it try on every parse.
z.config({ jitless: true });

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TICKER_RE = /^[A-Z0-9][A-Z0-9-]{0,14}$/;

function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}


const required = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : `must be ${what}`),
});

export const str = (maxLength = 256) =>
  z.string(required("a string")).max(maxLength, `must be at most ${maxLength} characters`);

export const date = () =>
  z.string(required("a date YYYY-MM-DD")).refine(isCalendarDate, "must be a valid date YYYY-MM-DD");

export const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string(required("an integer"))
    .regex(/^[+-]?\d{1,15}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

export const bool = () =>
  z.enum(["true", "false", "1", "0"], required("true or false")).transform((v) => v === "true" || v === "1");

export const oneOf = <T extends string>(values: readonly [T, ...T[]]) =>
  z.enum(values, required(`one of ${values.join(", ")}`));

export const ticker = () =>
  z
    .string(required("a ticker symbol"))
    .transform(normalizeTicker)
    .pipe(z.string().regex(TICKER_RE, "must be a ticker symbol"));

/** `limit` and `offset` with the endpoint's default and maximum from SPEC's Limits table. */
export const page = (defaultLimit: number, maxLimit: number) => ({
  limit: int(1, maxLimit).default(defaultLimit),
  offset: int(0).default(0),
});

/** A parameter that may be repeated, read as "any of these values". */
export const many = <T extends z.ZodType>(item: T) => z.array(item).optional();

type Shape = Record<string, z.ZodType>;

/**
 * A validator for a route's query string, built once per route (zod schemas are costly to build).
 * Unknown parameters are ignored. A parameter repeated where the shape expects one value is an
 * error; where it expects an array (`many`), all values are kept.
 */
export function defineQuery<S extends Shape>(shape: S): (url: URL) => z.output<z.ZodObject<S>> {
  const schema = z.object(shape);
  const names = Object.keys(shape);
  const arrays = new Set(
    names.filter((n) => shape[n] instanceof z.ZodOptional && shape[n].unwrap() instanceof z.ZodArray),
  );
  return (url) => {
    const input: Record<string, unknown> = {};
    for (const name of names) {
      const values = url.searchParams.getAll(name);
      if (values.length === 0) continue;
      if (arrays.has(name)) input[name] = values;
      else if (values.length > 1) throw queryError(name, "may be given only once", "multiple_values");
      else input[name] = values[0];
    }
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    const errors = result.error.issues.map((issue) => ({
      loc: ["query", ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
      msg: issue.message,
      type: issue.code,
    }));
    const first = errors[0];
    throw new ApiError(422, `Query parameter '${first.loc[1]}' ${first.msg}`, errors);
  };
}

/** One-off validation (tests); routes use `defineQuery` once. */
export function parseQuery<S extends Shape>(url: URL, shape: S): z.output<z.ZodObject<S>> {
  return defineQuery(shape)(url);
}

function queryError(name: string, msg: string, type: string): ApiError {
  return new ApiError(422, `Query parameter '${name}' ${msg}`, [{ loc: ["query", name], msg, type }]);
}
