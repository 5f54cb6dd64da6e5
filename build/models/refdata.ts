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

let companies: RefCompany[] | undefined;

export function refCompanies(): RefCompany[] {
  companies ??= readCsv("companies.csv")
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
      },
    }));
  return companies;
}
