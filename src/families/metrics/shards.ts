// The metrics family's shards: each company's metrics, the snapshot's TTM rows, and the daily closes it values them at.
import { kind, perPart } from "../../bundle/shards.ts";
import { packCloses, SNAPSHOT_COLUMNS } from "./snapshot.ts";
import { FinancialMetrics } from "./rows.ts";

export const METRICS_SHARDS = {
  /**
   * Per ticker: financial metrics of every period (periodKey), valued at the close of their filing
   * date; `inputs` (not served) values them at another close.
   */
  metrics: kind(perPart("metrics"), ["key", ...Object.keys(FinancialMetrics.shape), "inputs"], {
    visible: { column: "filing_date" },
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
  /**
   * Per month (`2023-06`): each trading day's close and market cap of every company, packed in the
   * order of the `companies` shard (metrics-snapshot.ts `packCloses`): what the metrics snapshot
   * values companies at, a few kilobytes a day where the market snapshot holds every field.
   */
  closes: kind(perPart("market/closes"), ["time", "closes"], {
    visible: "key",
    period: "month",
    binary: true,
    merge: { columns: ["time", "ticker", "close", "market_cap"], rows: packCloses },
  }),
} as const;
