// The earnings family's shards: estimates, releases, guidance and the earnings calendar.
import { identity, kind, notDate, perPart } from "../../bundle/shards.ts";
import { PUBLISHED_ESTIMATES_COLUMNS } from "./estimates.ts";
import { Earnings, EarningsDate, KpiGuidance } from "./rows.ts";

export const EARNINGS_SHARDS = {
  /**
   * Per ticker: analyst estimates by estimate date (public from then), one row per publication
   * (estimates.ts); per-share fields as of that date.
   */
  estimates: kind(perPart("estimates"), PUBLISHED_ESTIMATES_COLUMNS, { visible: "key" }),
  /**
   * Per ticker, and per year of all companies (`allOf(year)`): earnings releases by filing date,
   * per-share figures as reported (restated for later splits when served).
   */
  earnings: kind(perPart("earnings"), ["filing_date", ...Object.keys(Earnings.shape).filter(notDate("filing_date"))], {
    visible: "key",
    publicAt: { column: "filing_datetime" },
    period: "year",
    served: identity,
  }),
  /** Per ticker: full-year guidance by issue date (public from then). */
  guidance: kind(
    perPart("guidance"),
    [
      "issued_date",
      "metric_name",
      ...Object.keys(KpiGuidance.shape).filter((c) => c !== "issued_date" && c !== "metric_name"),
    ],
    { visible: "key" },
  ),
  /** Per ticker: release dates by earnings date, each public from its announcement date. */
  earningsCalendar: kind(
    perPart("earnings-calendar"),
    ["earnings_date", ...Object.keys(EarningsDate.shape).filter(notDate("earnings_date"))],
    { visible: { column: "announcement_date" } },
  ),
} as const;
