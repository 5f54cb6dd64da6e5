// Query parameters as the routes declare them, fed the way Hono hands them over: a string for a
// parameter given once, an array for a repeated one.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bool, date, int, many, page, str, ticker } from "../../src/contract/params.ts";
import { normalizeTicker } from "../../src/contract/ticker.ts";
import { validationError } from "../../src/http/route.ts";

const doc = { description: "d", example: "x" };

function parse<S extends z.ZodRawShape>(shape: S, query: Record<string, string | string[]>) {
  const result = z.object(shape).safeParse(query);
  if (result.success) return { data: result.data, detail: undefined };
  const error = validationError("query", result.error);
  return { data: undefined, detail: error.message, status: error.status, errors: error.errors };
}

describe("query parameters", () => {
  it("normalize tickers, and read a repeat that normalizes alike as one value", () => {
    expect(normalizeTicker(" brk.b ")).toBe("BRK-B");
    expect(parse({ t: ticker(doc) }, { t: "brk.b" }).data?.t).toBe("BRK-B");
    expect(parse({ t: ticker(doc) }, { t: ["BRK.B", "brk-b"] }).data?.t).toBe("BRK-B");
    expect(parse({ t: ticker(doc) }, { t: ["AAPL", "MSFT"] }).detail).toBe(
      "Query parameter 't' may be given only once",
    );
  });

  it("apply limit defaults and maxima", () => {
    expect(parse(page(5000, 10000), {}).data).toEqual({ limit: 5000, offset: 0 });
    const tooBig = parse(page(5000, 10000), { limit: "10001" });
    expect(tooBig.status).toBe(422);
    expect(tooBig.detail).toBe("Query parameter 'limit' must be at most 10000");
    expect(parse(page(10, 20), { offset: "-1" }).errors?.[0].loc).toEqual(["query", "offset"]);
    for (const bad of ["ten", "1e3", "0x10", "", "2.5"]) {
      expect(parse(page(10, 20), { limit: bad }).detail, bad).toMatch(/'limit' must be an integer/);
    }
  });

  it("refuse impossible dates, bad booleans, long or empty strings and missing values", () => {
    expect(parse({ d: date(doc) }, { d: "2023-02-30" }).detail).toBe(
      "Query parameter 'd' must be a valid date YYYY-MM-DD",
    );
    expect(parse({ b: bool(doc) }, { b: "1" }).data?.b).toBe(true);
    expect(parse({ b: bool(doc) }, { b: "yes" }).detail).toBe("Query parameter 'b' must be true or false");
    expect(parse({ s: str(doc, 128) }, { s: "x".repeat(129) }).detail).toMatch(/at most 128 characters/);
    expect(parse({ s: str(doc) }, { s: "" }).detail).toBe("Query parameter 's' must not be empty");
    expect(parse({ t: ticker(doc) }, {}).detail).toBe("Query parameter 't' is required");
  });

  it("accept identical repeats of single values and refuse conflicting ones", () => {
    expect(parse({ limit: int(doc, 1) }, { limit: ["3", "3"] }).data?.limit).toBe(3);
    expect(parse({ limit: int(doc, 1) }, { limit: ["1", "2"] }).detail).toBe(
      "Query parameter 'limit' may be given only once",
    );
  });

  it("read repeated list filters as any of, once each", () => {
    expect(parse({ t: many(ticker(doc), doc) }, { t: "a" }).data?.t).toEqual(["A"]);
    expect(parse({ t: many(ticker(doc), doc) }, { t: ["a", "b.c", "A"] }).data?.t).toEqual(["A", "B-C"]);
    expect(parse({ t: many(ticker(doc), doc) }, {}).data?.t).toBeUndefined();
  });
});
