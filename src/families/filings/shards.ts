// The filings family's shards: each company's filings, their item sections as served, and an index
// of every filing by year.
import { kind, perPart } from "../../bundle/shards.ts";
import { Filing, FilingItem } from "./rows.ts";

/** The key of a filing row: filing date (public from then), then accession number. */
export const filingKey = (filingDate: string, accessionNumber: string) => `${filingDate} ${accessionNumber}`;

/** What an items request filters a section on: its form, its item code and its filing's fiscal quarter. */
export interface SectionTag {
  filingType: string;
  item: string;
  quarter: number | null;
}

/**
 * The key of a filing's k-th section: its filing's key, k (two digits, so that keys sort in form
 * order), then its tag, so that a company's fiscal year is filtered from the shard's keys alone.
 */
export const filingItemKey = (filingKey: string, k: number, tag: SectionTag) =>
  `${filingKey} ${String(k).padStart(2, "0")} ${tag.filingType} ${tag.item} ${tag.quarter ?? "-"}`;

/** A section key's tag. */
export function sectionOfKey(key: string): SectionTag {
  const [, , , filingType, item, quarter] = key.split(" ");
  return { filingType, item, quarter: quarter === "-" ? null : Number(quarter) };
}

/** A section key's filing: its filing's key (filingKey), the key's first two fields. */
export const filingOfSectionKey = (key: string) => key.slice(0, key.indexOf(" ", key.indexOf(" ") + 1));

/**
 * The part of a filing's sections: its company and its fiscal year (`AAPL/2023`), the unit an items
 * request asks for. A decade of a company's sections runs to 1.3 MB, more than an isolate keeps for
 * every company; a request for a year reads that year's (docs/filings.md).
 */
export const filingItemsPart = (ticker: string, fiscalYear: number) => `${ticker}/${fiscalYear}`;

/** The keys of every section of a filing lie in [first, last] (filingItemKey). */
export const filingItemWindow = (filingKey: string): [string, string] => [`${filingKey} `, `${filingKey} ~`];

export const FILINGS_SHARDS = {
  /**
   * Per ticker: its filings by `${filing_date} ${accession_number}` (filingKey), as msgpack rows of
   * the Filing fields but `sections` and `text` (held once, in filingItems), with the fiscal year
   * and quarter the items filters read (a 10-K's quarter null).
   */
  filings: kind(
    perPart("filings"),
    [
      "key",
      ...Object.keys(Filing.shape).filter((c) => c !== "text" && c !== "sections"),
      "fiscal_year",
      "fiscal_quarter",
    ],
    { visible: "key" },
  ),
  /**
   * Per ticker and fiscal year (filingItemsPart): its filings' item sections by filingItemKey, each
   * stored as the JSON of its /filings/items row, so that an answer is sliced from the shard, never
   * decoded (a year of a company's sections runs to 100 KB of text).
   */
  filingItems: kind(perPart("filing-items"), ["key", ...Object.keys(FilingItem.shape)], {
    visible: "key",
    served: { hidden: ["key"] },
  }),
  /** Per filing year (`all/2023`): every company's filings as [filingKey, ticker], to page them market-wide. */
  filingsIndex: kind(perPart("filings"), ["key", "ticker"], { visible: "key", period: "year" }),
} as const;
