import { describe, expect, it } from "vitest";
import { ApiError } from "../src/http/errors.ts";
import { normalizeTicker } from "../src/contract/ticker.ts";
import { bool, date, int, many, page, parseQuery, str, ticker } from "../src/http/query.ts";

const url = (q: string) => new URL(`http://x/prices?${q}`);

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected an ApiError");
}

describe("query parsing", () => {
  it("normalizes tickers", () => {
    expect(normalizeTicker(" brk.b ")).toBe("BRK-B");
    expect(parseQuery(url("ticker=brk.b"), { ticker: ticker() }).ticker).toBe("BRK-B");
  });

  it("applies limit defaults and maxima", () => {
    expect(parseQuery(url(""), page(5000, 10000))).toEqual({ limit: 5000, offset: 0 });
    const e = errorOf(() => parseQuery(url("limit=10001"), page(5000, 10000)));
    expect(e.status).toBe(422);
    expect(e.message).toBe("Query parameter 'limit' must be at most 10000");
    expect(errorOf(() => parseQuery(url("offset=-1"), page(10, 20))).errors?.[0].loc).toEqual(["query", "offset"]);
    expect(errorOf(() => parseQuery(url("limit=ten"), page(10, 20))).message).toMatch(/must be an integer/);
  });

  it("rejects impossible dates, bad booleans, long strings and missing values", () => {
    expect(errorOf(() => parseQuery(url("d=2023-02-30"), { d: date() })).status).toBe(422);
    expect(parseQuery(url("b=1"), { b: bool() }).b).toBe(true);
    expect(errorOf(() => parseQuery(url("b=yes"), { b: bool() })).message).toMatch(/'b' must be true or false/);
    expect(errorOf(() => parseQuery(url(`s=${"x".repeat(129)}`), { s: str(128) })).message).toMatch(/at most 128/);
    expect(errorOf(() => parseQuery(url(""), { ticker: ticker() })).message).toBe(
      "Query parameter 'ticker' is required",
    );
  });

  it("reads repeated list parameters as any-of and refuses repeated scalars", () => {
    expect(parseQuery(url("t=a&t=b.c"), { t: many(ticker()) }).t).toEqual(["A", "B-C"]);
    expect(errorOf(() => parseQuery(url("limit=1&limit=2"), { limit: int(1) })).message).toMatch(/only once/);
  });
});
