// Real identity data (build/refdata, provenance in its SOURCES.md) turned into Company facts.
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CompanyFacts } from "../../src/bundle/types.ts";
import { normalizeTicker } from "../../src/contract/ticker.ts";

const REFDATA_DIR = fileURLToPath(new URL("../refdata/", import.meta.url));

function readCsv(file: string): Record<string, string>[] {
  return parse(readFileSync(REFDATA_DIR + file, "utf8"), { columns: true, skip_empty_lines: true });
}

/** GICS-style sector for companies outside the S&P 500, from their SIC major group. */
function sectorFromSic(sic: string): string {
  const g = Number(sic.slice(0, 2));
  if (!Number.isFinite(g) || sic === "") return "Unclassified";
  if (g === 13 || g === 29) return "Energy";
  if (g === 28 && Number(sic) >= 2830 && Number(sic) <= 2836) return "Health Care";
  if (g === 38 && Number(sic) >= 3840) return "Health Care";
  if (g === 80) return "Health Care";
  if ([35, 36, 38].includes(g) || g === 73) return "Information Technology";
  if (g === 48) return "Communication Services";
  if (g === 49) return "Utilities";
  if (g >= 60 && g <= 64) return "Financials";
  if (g === 65 || g === 67) return "Real Estate";
  if (g === 20 || g === 21 || g === 54) return "Consumer Staples";
  if ([10, 12, 14, 24, 26, 28, 32, 33].includes(g)) return "Materials";
  if (g >= 52 && g <= 59) return "Consumer Discretionary";
  if (g === 70 || g === 78 || g === 79 || g === 23 || g === 25 || g === 31) return "Consumer Discretionary";
  return "Industrials";
}

function titleCase(s: string): string {
  return s.toLowerCase().replace(/\b([a-z])/g, (m) => m.toUpperCase());
}

export interface RefCompany {
  facts: CompanyFacts;
  inSp500: boolean;
  /** Founding year where known (a company cannot trade before it exists). */
  founded: string | null;
}

/** The identity checks of listing_dates.csv under which a ticker's daily history is not this company's. */
const OTHER_HOLDER = new Set(["different_company", "predecessor_entity", "unreliable"]);

/**
 * Listing dates the reference data records, by ticker: the first trading day of a daily history that
 * opens with the IPO-price row (listing_dates.csv `ipo_price_row_date`: a zero-volume row at the IPO
 * price on the pricing day, the first trade on `first_trade_date`), unless its identity check says the
 * history is another company's. Any other first row is where the history starts, not necessarily the
 * listing (a coverage boundary, a move of exchange, a ticker change or a gap: SOURCES.md), so those
 * companies have no listing date.
 */
function ipoListingDates(): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of readCsv("listing_dates.csv")) {
    const ipo = r.ipo_price_row_date !== "" && r.first_date_likely_coverage_start !== "true";
    if (r.asset_type !== "stock" || !ipo || OTHER_HOLDER.has(r.identity_check)) continue;
    out.set(normalizeTicker(r.ticker), r.first_trade_date);
  }
  return out;
}

let companies: RefCompany[] | undefined;

export function refCompanies(): RefCompany[] {
  if (companies) return companies;
  const listed = ipoListingDates();
  companies = readCsv("companies.csv")
    .filter((r) => r.name !== "")
    .map((r) => ({
      inSp500: r.in_sp500_current === "true",
      founded: r.founded || null,
      facts: {
        ticker: normalizeTicker(r.ticker),
        name: r.name,
        sector: r.gics_sector || sectorFromSic(r.sic_code),
        industry: r.gics_sub_industry || titleCase(r.sic_industry_title || "Unclassified"),
        category: r.security_type || "Common Stock",
        exchange: r.exchange,
        location: r.hq_city ? `${r.hq_city}, ${r.hq_state_or_country}` : null,
        cik: r.cik || null,
        is_active: r.is_active === "true",
        sic_code: r.sic_code || null,
        sic_industry: r.sic_industry_title || null,
        sic_sector: r.sic_division_name || null,
        sec_filings_url: r.sec_filings_url || null,
        listing_date: listed.get(normalizeTicker(r.ticker)) ?? null,
        // Identity the reference data does not hold: left null rather than made up.
        website_url: null,
        number_of_employees: null,
      },
    }));
  return companies;
}
