// The metrics family's shards: each company's metrics and the snapshot's TTM rows.
import { kind, perPart } from "../../bundle/shards.ts";
import { SNAPSHOT_COLUMNS } from "./snapshot.ts";
import { FinancialMetrics } from "./rows.ts";

export const METRICS_SHARDS = {
  /**
   * Per ticker: financial metrics of every period (periodKey), valued at the close of their filing
   * date; `inputs` (not served) values them at another close.
   */
  metrics: kind(perPart("metrics"), ["key", ...Object.keys(FinancialMetrics.shape), "inputs"], {
    visible: { column: "filing_date" },
    publicAt: { column: "filing_datetime" },
    served: { hidden: ["key", "inputs"] },
  }),
  /**
   * Per filing year (`all/2023`): every company's TTM metrics filed that year, by ticker then filing
   * date, so a snapshot finds each company's latest by a binary search of the keys; each row's text
   * is stored ready to serve but for its valuation and per-share values (metrics-snapshot.ts).
   */
  metricsSnapshot: kind(perPart("metrics"), SNAPSHOT_COLUMNS, {
    visible: "ticker-key",
    period: "year",
    key: (row) => `${row[1]} ${row[0]}`,
  }),
} as const;
