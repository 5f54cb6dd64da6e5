// The filings family's shards: each company's filings and an index of every filing by year.
import { kind, perPart } from "../../bundle/shards.ts";
import { Filing } from "./rows.ts";

/** The key of a filing row: filing date (public from then), then accession number. */
export const filingKey = (filingDate: string, accessionNumber: string) => `${filingDate} ${accessionNumber}`;

export const FILINGS_SHARDS = {
  /**
   * Per ticker: its filings by `${filing_date} ${accession_number}` (filingKey), as msgpack rows of
   * the Filing fields but `text` (the route assembles it from the sections), with the fiscal year and
   * quarter the items filters read (a 10-K's quarter null) and each section's count of checked numbers.
   */
  filings: kind(
    perPart("filings"),
    [
      "key",
      ...Object.keys(Filing.shape).filter((c) => c !== "text"),
      "fiscal_year",
      "fiscal_quarter",
      "numbers_checked",
    ],
    { visible: "key" },
  ),
  /** Per filing year (`all/2023`): every company's filings as [filingKey, ticker], to page them market-wide. */
  filingsIndex: kind(perPart("filings"), ["key", "ticker"], { visible: "key", period: "year" }),
} as const;
