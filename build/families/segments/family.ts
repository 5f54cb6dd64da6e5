// Segment statements: every period of a company's statements broken out by business line and by
// region (families/segments/model.ts), served beside the statements by the /segments routes. The check
// adds the segments up against the statement rows as written.
import { SHARDS } from "../../../src/families/shards.ts";
import { periodKey } from "../../../src/bundle/shards.ts";
import { SEGMENT_MEASURES, type Segment, type SegmentMeasure } from "../../../src/families/segments/rows.ts";
import { segmentRows, type PeriodSegments } from "./model.ts";
import type { Checker, CompanyBase, Family } from "../../ground/family.ts";
import { keyedRows } from "../../ground/rows.ts";
import { balanceRow, cashFlowRow, incomeRow } from "../statements/rows.ts";
import type { CompanyStatements } from "../statements/family.ts";
import { RuleTally } from "../../ground/rules.ts";

export interface CompanySegments {
  /** Each period's segments, as many as its statements. */
  segments: PeriodSegments[];
}

type Company = CompanyBase & CompanyStatements & CompanySegments;

const MEASURES = Object.keys(SEGMENT_MEASURES) as SegmentMeasure[];
const key = (p: { period: string; reportPeriod: string }) => periodKey(p.period, p.reportPeriod);

export const segments: Family<object, object, CompanyStatements, CompanySegments> = {
  name: "segments",
  context: () => ({}),
  company: (_, { facts, statements }, { rng }) => ({
    segments: segmentRows(facts.sector, statements, rng.fork(`segments/${facts.ticker}`)),
  }),
  companyContext: ({ segments }, cut) => ({ segments: segments.filter((p) => p.filingDate <= cut.date) }),
  // Filed with the statements: a private company's periods on its first day (statements/family.ts).
  companySince: ({ segments }, since) => ({ segments: segments.filter((p) => p.filingDate >= since.date) }),
  companyShards: (_, { facts, segments }, emit) =>
    emit.write(
      SHARDS.segments,
      facts.ticker,
      keyedRows(
        SHARDS.segments.columns,
        segments.map((p) => [key(p), p]),
      ),
    ),
  companyChecks: () => segmentChecks(),
};

function segmentChecks(): Checker<unknown, Company> {
  const sums = new RuleTally(
    "segment_sums",
    "segments",
    "each segment type's revenue, operating income, assets, capex and D&A sum to the statements; a TTM or annual " +
      "segment's flows are its quarters' sums, its assets the last quarter's",
  );
  return {
    company: ({ facts, statements, segments }) => {
      const byKey = new Map(segments.map((p) => [key(p), p.segments]));
      const quarters = statements.filter((s) => s.period === "quarterly");
      for (const s of statements) {
        sums.rows++;
        const rows: Record<string, Record<string, unknown>> = {
          income_statement: incomeRow(facts, s),
          balance_sheet: balanceRow(facts, s),
          cash_flow_statement: cashFlowRow(facts, s),
        };
        const statementTotal = (m: SegmentMeasure) => {
          const [statement, line] = SEGMENT_MEASURES[m].split(".");
          return rows[statement][line];
        };
        const own = byKey.get(key(s));
        const total = (list: Segment[], m: SegmentMeasure) => list.reduce((a, x) => a + x[m], 0);
        let ok =
          own !== undefined &&
          (["business", "geographic"] as const).every((type) => {
            const ofType = own.filter((x) => x.segment_type === type);
            return ofType.length > 0 && MEASURES.every((m) => total(ofType, m) === statementTotal(m));
          });
        if (ok && s.period !== "quarterly") {
          const at = quarters.findIndex((q) => q.reportPeriod === s.reportPeriod);
          const four = quarters.slice(at - 3, at + 1).map((q) => byKey.get(key(q)));
          ok =
            at >= 3 &&
            own!.every((x, k) =>
              MEASURES.every(
                (m) =>
                  x[m] === (m === "total_assets" ? four[3]?.[k][m] : four.reduce((a, q) => a + (q?.[k][m] ?? NaN), 0)),
              ),
            );
        }
        if (!ok) sums.violation(`${facts.ticker} ${s.period} ${s.reportPeriod}`);
      }
    },
    finish: () => [sums.check()],
  };
}
