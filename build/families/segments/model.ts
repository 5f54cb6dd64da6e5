// Segment breakdowns of a company's statements, as a GAAP segment note (ASC 280) gives them: two to
// four business lines named by sector and two to four regions. Each segment's share of revenue
// drifts slowly quarter to quarter around its own level, with its own margin and asset and capital
// intensity. A quarter's measures are split in whole thousands so that the segments of a type sum
// exactly to the statement; TTM and annual segments sum their quarters (assets: the last
// quarter's), as the statements do.
import type { Segment, SegmentMeasure } from "../../../src/families/segments/rows.ts";
import type { Rng } from "../../ground/rng.ts";
import { totalAssets, type Period, type PeriodStatements } from "../../models/statements.ts";
import { thousands } from "../../models/rounding.ts";

/** Business lines by sector: invented, generic names. */
const BUSINESS_LINES: Record<string, string[]> = {
  "Information Technology": [
    "Cloud Services",
    "Enterprise Software",
    "Consumer Devices",
    "Semiconductors",
    "Networking Equipment",
    "IT Services",
  ],
  "Communication Services": [
    "Wireless",
    "Broadband",
    "Advertising",
    "Media and Entertainment",
    "Interactive Platforms",
  ],
  "Consumer Discretionary": ["Stores", "Online Retail", "Apparel and Footwear", "Vehicles", "Hospitality"],
  "Consumer Staples": ["Beverages", "Packaged Foods", "Household Products", "Personal Care", "Grocery Retail"],
  "Health Care": ["Pharmaceuticals", "Medical Devices", "Diagnostics", "Consumer Health", "Health Services"],
  Financials: [
    "Consumer Banking",
    "Commercial Banking",
    "Markets and Investment Banking",
    "Asset and Wealth Management",
    "Insurance",
  ],
  Energy: ["Upstream", "Downstream", "Midstream", "Chemicals", "Renewables"],
  Utilities: ["Regulated Electric", "Regulated Gas", "Renewable Generation", "Transmission"],
  Industrials: [
    "Aerospace",
    "Building Technologies",
    "Industrial Automation",
    "Transportation Services",
    "Defense Systems",
  ],
  Materials: ["Specialty Chemicals", "Construction Materials", "Metals and Mining", "Packaging", "Crop Solutions"],
  "Real Estate": ["Office", "Residential", "Industrial and Logistics", "Retail Centers", "Data Centers"],
};
const OTHER_LINES = ["Products", "Services", "Solutions", "Licensing"];
/** Regions after the Americas, with their usual sizes relative to Europe. */
const ABROAD_REGIONS: [string, number][] = [
  ["Europe", 1],
  ["Asia Pacific", 0.8],
  ["Middle East and Africa", 0.25],
];
/** Average share of revenue earned outside the Americas: utilities and landlords stay at home. */
const ABROAD: Record<string, number> = {
  Utilities: 0.04,
  "Real Estate": 0.08,
  Financials: 0.25,
  "Information Technology": 0.5,
  Materials: 0.45,
  Energy: 0.45,
};

/** The statement total each measure splits. */
const TOTALS: Record<SegmentMeasure, (s: PeriodStatements) => number> = {
  revenue: (s) => s.income.revenue,
  operating_income: (s) => s.income.operating_income,
  total_assets: (s) => totalAssets(s.balance),
  capital_expenditure: (s) => s.cashFlow.capital_expenditure,
  depreciation_and_amortization: (s) => s.income.depreciation_and_amortization,
};
const MEASURES = Object.keys(TOTALS) as SegmentMeasure[];
/** Measures that are stocks: a TTM or annual period takes its last quarter's. */
const STOCKS: SegmentMeasure[] = ["total_assets"];

export interface PeriodSegments {
  period: Period;
  reportPeriod: string;
  filingDate: string;
  segments: Segment[];
}

/** `total` in whole thousands by `weights`, the rounding left with the largest part: the parts sum to it exactly. */
function split(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  const parts = weights.map((w) => thousands((total * w) / sum));
  const largest = weights.indexOf(Math.max(...weights));
  parts[largest] += total - parts.reduce((a, p) => a + p, 0);
  return parts;
}

/** Segments of one type: their names and revenue levels (logs); each quarter's split, after the shares drift. */
function segmentType(type: Segment["segment_type"], names: string[], levels: number[], rng: Rng) {
  // Margin, asset and capital intensity relative to the company's; D&A follows the assets.
  const intensity = () => names.map(() => Math.exp(0.25 * rng.normal()));
  const margin = intensity();
  const assets = intensity();
  const capex = intensity();
  const tilt: Record<SegmentMeasure, number[]> = {
    revenue: names.map(() => 1),
    operating_income: margin,
    total_assets: assets,
    capital_expenditure: capex,
    depreciation_and_amortization: assets,
  };
  let logShares = [...levels];
  return (q: PeriodStatements): Segment[] => {
    logShares = logShares.map((x, k) => x + 0.1 * (levels[k] - x) + 0.04 * rng.normal());
    const shares = logShares.map(Math.exp);
    const parts = MEASURES.map((m) =>
      split(
        TOTALS[m](q),
        shares.map((w, k) => w * tilt[m][k]),
      ),
    );
    return names.map((segment, k) => ({
      segment,
      segment_type: type,
      ...(Object.fromEntries(MEASURES.map((m, j) => [m, parts[j][k]])) as Record<SegmentMeasure, number>),
    }));
  };
}

/** Two to four business lines, the largest first. */
function businessLines(sector: string, rng: Rng) {
  const names = rng.shuffle(BUSINESS_LINES[sector] ?? OTHER_LINES).slice(0, rng.int(2, 4));
  const levels = names.map(() => 0.7 * rng.normal()).sort((a, b) => b - a);
  return segmentType("business", names, levels, rng);
}

/** The Americas and one to three regions abroad. */
function regions(sector: string, rng: Rng) {
  const others = ABROAD_REGIONS.slice(0, rng.int(1, 3));
  const abroad = Math.min(0.8, (ABROAD[sector] ?? 0.35) * Math.exp(0.4 * rng.normal()));
  const weights = others.map(([, size]) => size * Math.exp(0.3 * rng.normal()));
  const total = weights.reduce((a, w) => a + w, 0);
  const levels = [Math.log(1 - abroad), ...weights.map((w) => Math.log((abroad * w) / total))];
  return segmentType("geographic", ["Americas", ...others.map(([name]) => name)], levels, rng);
}

/** Every period's segments, in the statements' order. */
export function segmentRows(sector: string, statements: PeriodStatements[], rng: Rng): PeriodSegments[] {
  const types = [businessLines(sector, rng), regions(sector, rng)];
  const quarters = statements.filter((s) => s.period === "quarterly");
  const ofQuarter = quarters.map((q) => types.flatMap((next) => next(q)));
  const at = new Map(quarters.map((q, i) => [q.reportPeriod, i]));
  return statements.map((s) => {
    const i = at.get(s.reportPeriod)!;
    const four = ofQuarter.slice(i - 3, i + 1);
    const segments =
      s.period === "quarterly"
        ? ofQuarter[i]
        : ofQuarter[i].map((last, k) => {
            const summed = { ...last };
            for (const m of MEASURES)
              if (!STOCKS.includes(m)) summed[m] = four.reduce((a, segments) => a + segments[k][m], 0);
            return summed;
          });
    return { period: s.period, reportPeriod: s.reportPeriod, filingDate: s.filingDate, segments };
  });
}
