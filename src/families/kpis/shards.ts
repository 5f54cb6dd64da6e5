// The KPI family's shards: operating KPIs and non-GAAP reconciliations per company.
import { kind, perPart } from "../../bundle/shards.ts";
import { KpiMetrics, NonGaap } from "./rows.ts";

export const KPIS_SHARDS = {
  /** Per ticker: operating KPIs and non-GAAP reconciliations of quarters and fiscal years (periodKey). */
  kpis: kind(perPart("kpi/metrics"), ["key", ...Object.keys(KpiMetrics.shape)], {
    visible: { column: "filing_date" },
    served: { hidden: ["key"] },
  }),
  nonGaap: kind(perPart("kpi/non-gaap"), ["key", ...Object.keys(NonGaap.shape)], {
    visible: { column: "filing_date" },
    served: { hidden: ["key"] },
  }),
} as const;
