// How an SEC filing is named, which every family that files or dates a report shares: the filer's
// CIK, the accession number, and the periodic form of a fiscal quarter.
import type { CompanyFacts } from "../../src/bundle/types.ts";

export const cik10 = (facts: CompanyFacts) => (facts.cik ?? "0").padStart(10, "0");

/** `<CIK, 10 digits>-<filing year, 2 digits>-<the filer's sequence that year, 6 digits>`. */
export const accessionNumber = (facts: CompanyFacts, filingDate: string, sequence: number) =>
  `${cik10(facts)}-${filingDate.slice(2, 4)}-${String(sequence).padStart(6, "0")}`;

/** The periodic report of a fiscal quarter: a 10-K for the fourth (it reports the fiscal year), a 10-Q otherwise. */
export const periodicForm = (fiscalQuarter: number): "10-Q" | "10-K" => (fiscalQuarter === 4 ? "10-K" : "10-Q");
