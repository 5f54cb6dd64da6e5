// The real panels committed for `npm run realism:panel` (docs/realism-panel.md): each file is the one
// its PROVENANCE.md names (same sha256) and reads as the report expects it.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { refCompanies } from "../../build/models/refdata.ts";

const DIR = join(import.meta.dirname, "../../build/realism/panels/skfolio-sp500");
const provenance = readFileSync(join(DIR, "PROVENANCE.md"), "utf8");

/** The sha256 PROVENANCE.md's table gives a file: the hex on the file's row. */
function recordedSha256(file: string): string | undefined {
  const row = provenance.split("\n").find((line) => line.startsWith(`| ${file} |`));
  return row?.match(/`([0-9a-f]{64})`/)?.[1];
}

/** A gzip-compressed CSV as its header's columns and its rows (the files end lines with CRLF and quote nothing). */
function csv(file: string): { columns: string[]; rows: string[][] } {
  const [header, ...lines] = gunzipSync(readFileSync(join(DIR, file)))
    .toString("utf8")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
  return { columns: header.split(","), rows: lines.map((line) => line.split(",")) };
}

/** Columns after the date, each row of numbers and a strictly later date than the row before. */
function expectDatedPrices({ columns, rows }: { columns: string[]; rows: string[][] }, width: number) {
  expect(columns).toHaveLength(width + 1);
  expect(columns[0]).toBe("Date");
  let previous = "";
  for (const row of rows) {
    expect(row).toHaveLength(width + 1);
    expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row[0] > previous, `${row[0]} after ${previous}`).toBe(true);
    previous = row[0];
    for (const price of row.slice(1)) expect(Number(price)).toBeGreaterThan(0);
  }
}

describe("skfolio's S&P 500 panel", () => {
  it("is byte for byte the files PROVENANCE.md records", () => {
    for (const file of ["sp500_dataset.csv.gz", "sp500_index.csv.gz", "LICENSE"]) {
      const sha = createHash("sha256")
        .update(readFileSync(join(DIR, file)))
        .digest("hex");
      expect(sha, file).toBe(recordedSha256(file));
    }
  });

  it("holds 20 tickers' prices on ascending dates, 1990-01-02 to 2022-12-28", () => {
    const panel = csv("sp500_dataset.csv.gz");
    expectDatedPrices(panel, 20);
    expect(new Set(panel.columns.slice(1)).size).toBe(20);
    expect(panel.rows).toHaveLength(8313);
    expect([panel.rows[0][0], panel.rows.at(-1)![0]]).toEqual(["1990-01-02", "2022-12-28"]);
  });

  it("has the index on the same days", () => {
    const index = csv("sp500_index.csv.gz");
    expectDatedPrices(index, 1);
    expect(index.rows.map((r) => r[0])).toEqual(csv("sp500_dataset.csv.gz").rows.map((r) => r[0]));
  });

  it("has a sector for every ticker in the reference data", () => {
    const sectors = new Map(refCompanies().map((c) => [c.facts.ticker, c.facts.sector]));
    for (const ticker of csv("sp500_dataset.csv.gz").columns.slice(1)) {
      expect(sectors.get(ticker), ticker).toMatch(/\w/);
      expect(sectors.get(ticker), ticker).not.toBe("Unclassified");
    }
  });
});
