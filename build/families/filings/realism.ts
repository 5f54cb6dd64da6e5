// How long the analyst-read parts of periodic reports run: a 10-K's risk factors and MD&A, a 10-Q's
// MD&A (bands and sources: docs/filings.md, "Length"). Measured on every company's reports.
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { Checker } from "../../ground/family.ts";
import { bandCheck, skipped } from "../../realism/bands.ts";
import { wordCount } from "../../models/artifacts.ts";
import { median } from "../../models/statistics.ts";
import type { Company, World } from "../registry.ts";

const FAMILY = "filings";

/** Words of each part, its band and what it is. */
const PARTS = [
  {
    form: "10-K",
    item: "Item-1.01",
    name: "filing_risk_factor_words",
    band: { min: 3000, max: 15000 },
    what: "a 10-K's risk factors",
  },
  {
    form: "10-K",
    item: "Item-7",
    name: "filing_annual_mda_words",
    band: { min: 4000, max: 20000 },
    what: "a 10-K's MD&A",
  },
  {
    form: "10-Q",
    item: "Item-2",
    name: "filing_quarterly_mda_words",
    band: { min: 2000, max: 10000 },
    what: "a 10-Q's MD&A",
  },
] as const;

export function filingLengths(): Checker<World, Company> {
  const counts = PARTS.map(() => [] as number[]);
  return {
    company: ({ filings }) => {
      for (const f of filings)
        PARTS.forEach((p, k) => {
          const section = f.filing_type === p.form ? f.sections.find((s) => s.item === p.item) : undefined;
          if (section) counts[k].push(wordCount(section.text));
        });
    },
    finish: (): ValidationCheck[] =>
      PARTS.map((p, k) =>
        counts[k].length
          ? bandCheck(
              FAMILY,
              p.name,
              p.band,
              median(counts[k]),
              `median words of ${p.what} (${counts[k].length} reports)`,
            )
          : skipped(FAMILY, p.name, p.band, `median words of ${p.what}`, `no ${p.form} in the world`),
      ),
  };
}
