// A scenario's bulk export (docs/exports.md): its manifest, as the build writes it
// (build/exports/build-exports.ts) and /scenarios/{scenario_id}/exports serves it.
import { z } from "zod";
import { day, field } from "./fields.ts";

/** Every export's datasets, each the stem of its two files' names (build/exports/datasets.ts reads each from its route). */
export const EXPORT_DATASETS = [
  "prices",
  "income_statements",
  "balance_sheets",
  "cash_flow_statements",
  "financial_metrics",
  "analyst_estimates",
  "earnings",
  "events",
  "news",
  "earnings_call_transcripts",
  "filings",
  "insider_trades",
  "institutional_holdings",
  "macro",
  "interest_rates",
  "crypto_prices",
] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];
export const EXPORT_FORMATS = ["csv.gz", "parquet"] as const;

/** Whether an export has a file of this name: `<dataset>.csv.gz` or `<dataset>.parquet`. */
export const isExportFileName = (name: string): boolean =>
  EXPORT_DATASETS.some((dataset) => EXPORT_FORMATS.some((format) => name === `${dataset}.${format}`));

export const ExportColumn = z
  .object({
    name: field(z.string(), "The field, as the API names it.", "close"),
    type: field(
      z.enum(["double", "string", "boolean", "json"]),
      "Its type in both files: `json` for nested values (CSV: their JSON text; Parquet: a JSON column).",
      "double",
    ),
  })
  .meta({ id: "ExportColumn", description: "A column of an export file." });

export const ExportFile = z
  .object({
    name: field(z.string(), "The file's name: `<dataset>.csv.gz` or `<dataset>.parquet`.", "prices.parquet"),
    dataset: field(
      z.enum(EXPORT_DATASETS),
      "The dataset (docs/exports.md names the route each is read from).",
      "prices",
    ),
    format: field(z.enum(EXPORT_FORMATS), "Gzipped CSV (with a header line) or Parquet.", "parquet"),
    bytes: field(z.number().int(), "Its size.", 1204331),
    sha256: field(z.string(), "The SHA-256 of its bytes (hex); its ETag is the first 32 digits.", "9f2c…"),
    rows: field(z.number().int(), "Rows (the CSV's lines after its header).", 3764),
    schema: field(z.array(ExportColumn), "Its columns, in order."),
  })
  .meta({ id: "ExportFile", description: "One file of a scenario's bulk export." });

export const ExportManifest = z
  .object({
    scenario_id: field(z.string(), "The scenario.", "0126f9b8-e2d9-8186-aac8-f2936bb28fd8"),
    scenario_name: field(z.string(), "Its name.", "megacap-tech-2023"),
    as_of: day(
      "The horizon of every row: the scenario's current_date (a future branch's continuation is not exported).",
      "2023-12-29",
    ),
    export_format: field(z.number().int(), "The format's version; exports once written never change.", 2),
    files: field(z.array(ExportFile), "Every file, a gzipped CSV and a Parquet file per dataset."),
  })
  .meta({ id: "ExportManifest", description: "What a scenario's bulk export holds." });
