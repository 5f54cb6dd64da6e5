// Fiscal calendars: when each company's fiscal quarters end, how they are labelled, and when a
// quarter's results are released (the earnings release and the 10-Q or 10-K filed with it).
import { addDays, onOrAfterTradingDay, toDate } from "./calendar.ts";
import type { Rng } from "../ground/rng.ts";

/**
 * Month (1-12) in which the fiscal year ends, for well-known companies that do not report on
 * calendar quarters (public 10-K filings); every other company reports calendar quarters.
 */
export const FISCAL_YEAR_END: Record<string, number> = {
  AAPL: 9,
  MSFT: 6,
  ORCL: 5,
  NVDA: 1,
  WMT: 1,
  HD: 1,
  LOW: 1,
  TGT: 1,
  COST: 8,
  CSCO: 7,
  ADBE: 11,
  INTU: 7,
  NKE: 5,
  FDX: 5,
  MU: 8,
  AVGO: 10,
  DE: 10,
  DIS: 9,
  SBUX: 9,
  PG: 6,
  GIS: 5,
  KR: 1,
  DG: 1,
  ACN: 8,
  ADI: 10,
  AMAT: 10,
  HPQ: 10,
  HPE: 10,
  QCOM: 9,
  V: 9,
  CRM: 1,
  ADP: 6,
  PAYX: 5,
  CLX: 6,
  EL: 6,
  SJM: 4,
  CAG: 5,
  KMX: 2,
  DLTR: 1,
  ROST: 1,
  TJX: 1,
  BBY: 1,
  AZO: 8,
  MDT: 4,
  BDX: 9,
  EMR: 9,
  ROK: 9,
  JCI: 9,
  TSN: 9,
  STZ: 2,
  CPB: 7,
  KLAC: 6,
  LRCX: 6,
  NTAP: 4,
  WDAY: 1,
  SNPS: 10,
  PANW: 7,
  CTAS: 5,
  APD: 9,
  HRL: 10,
  MKC: 11,
};

/** Month ends (1-12) of the fiscal quarters, in calendar order. */
export const quarterEndMonths = (fyeMonth: number) =>
  [0, 3, 6, 9].map((k) => ((fyeMonth - 1 + k) % 12) + 1).sort((a, b) => a - b);

/** "Q3 2024" for calendar quarters; "fiscal Q1 2024" otherwise (the fiscal year named by its end). */
export function quarterLabel(quarterEnd: string, fyeMonth: number): string {
  const d = toDate(quarterEnd);
  const month = d.getUTCMonth() + 1;
  const quarter = ((month - fyeMonth + 12) % 12) / 3 || 4;
  const fiscalYear = d.getUTCFullYear() + (month > fyeMonth ? 1 : 0);
  return fyeMonth === 12 ? `Q${quarter} ${fiscalYear}` : `fiscal Q${quarter} ${fiscalYear}`;
}

/** The fiscal year's end month of a company (12: calendar quarters). */
export const fiscalYearEnd = (ticker: string) => FISCAL_YEAR_END[ticker] ?? 12;

/** A fiscal quarter: its last day, label and release date. */
export interface FiscalQuarter {
  /** Last day of the quarter (the statements' report_period). */
  end: string;
  /** "Q3 2024", or "fiscal Q1 2024" off calendar quarters. */
  label: string;
  fiscalYear: number;
  /** 1-4; the fourth closes the fiscal year (10-K). */
  quarter: number;
  /** Trading day of the earnings release, on which the 10-Q or 10-K is filed. */
  release: string;
}

/**
 * The company's fiscal quarters ending in calendar years `fromYear`..`toYear`, with release dates:
 * 21-35 days after a quarter's end, 28-50 after the fiscal year's (the annual report takes longer;
 * docs/realism.md, "Filing deadlines": a 10-Q within 40 days, a 10-K within 60-90).
 */
export function fiscalQuarters(ticker: string, fromYear: number, toYear: number, rng: Rng): FiscalQuarter[] {
  const fyeMonth = fiscalYearEnd(ticker);
  const out: FiscalQuarter[] = [];
  for (let y = fromYear; y <= toYear; y++) {
    for (const month of quarterEndMonths(fyeMonth)) {
      const end = new Date(Date.UTC(y, month, 0)).toISOString().slice(0, 10);
      const lag = month === fyeMonth ? rng.int(28, 50) : rng.int(21, 35);
      const quarter = ((month - fyeMonth + 12) % 12) / 3 || 4;
      out.push({
        end,
        label: quarterLabel(end, fyeMonth),
        fiscalYear: toDate(end).getUTCFullYear() + (month > fyeMonth ? 1 : 0),
        quarter,
        release: onOrAfterTradingDay(addDays(end, lag)),
      });
    }
  }
  return out;
}
