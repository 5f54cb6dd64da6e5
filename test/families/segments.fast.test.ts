// Segment statements: the split of every period by business line and by region, exact to the
// statements, drifting slowly, and the check that adds them up (and fails when they do not).
import { describe, expect, it } from "vitest";
import { segments as segmentsFamily } from "../../build/families/segments/family.ts";
import { segmentRows } from "../../build/families/segments/model.ts";
import { totalAssets } from "../../build/models/statements.ts";
import { Rng } from "../../build/ground/rng.ts";
import { SECTOR_KPIS } from "../../src/families/kpis/rows.ts";
import { failingChecks, sectorCompany } from "../support/business.ts";

const SECTORS = [...Object.keys(SECTOR_KPIS), "Unclassified"];
const companyOf = (sector: string) => {
  const company = sectorCompany(sector);
  return {
    ...company,
    metrics: [],
    segments: segmentRows(sector, company.statements, new Rng(3, `segments/${sector}`)),
  };
};

const failing = (company: ReturnType<typeof companyOf>) => failingChecks(segmentsFamily, company);

describe("segments", () => {
  it.each(SECTORS)("split every period of a %s company by business line and by region, exactly", (sector) => {
    const company = companyOf(sector);
    expect(failing(company)).toEqual([]);
    company.statements.forEach((s, k) => {
      const { segments } = company.segments[k];
      for (const type of ["business", "geographic"]) {
        const ofType = segments.filter((x) => x.segment_type === type);
        expect(ofType.length).toBeGreaterThanOrEqual(2);
        expect(ofType.length).toBeLessThanOrEqual(4);
        expect(ofType.reduce((a, x) => a + x.revenue, 0)).toBe(s.income.revenue);
        expect(ofType.reduce((a, x) => a + x.total_assets, 0)).toBe(totalAssets(s.balance));
        for (const x of ofType) expect(x.revenue % 1000).toBe(0);
      }
      expect(segments.find((x) => x.segment_type === "geographic")!.segment).toBe("Americas");
    });
  });

  it("keep each segment's share of revenue, drifting slowly from quarter to quarter", () => {
    const quarters = companyOf("Information Technology").segments.filter((p) => p.period === "quarterly");
    const shares = quarters.map((p) => p.segments.map((x) => x.revenue / p.segments[0].revenue));
    const names = quarters.map((p) => p.segments.map((x) => x.segment).join());
    expect(new Set(names).size).toBe(1);
    let moved = 0;
    shares.slice(1).forEach((now, i) =>
      now.forEach((share, k) => {
        expect(Math.abs(Math.log(share / shares[i][k]))).toBeLessThan(0.3);
        moved = Math.max(moved, Math.abs(share - shares[0][k]));
      }),
    );
    expect(moved).toBeGreaterThan(0);
  });

  it("are a function of the seed and the statements alone", () => {
    const { statements } = sectorCompany("Energy");
    const again = () => segmentRows("Energy", statements, new Rng(9, "segments/XOM"));
    expect(again()).toEqual(again());
    expect(segmentRows("Energy", statements, new Rng(9, "segments/CVX"))).not.toEqual(again());
  });

  it("fail their check when a segment or a TTM's quarter no longer adds up", () => {
    const company = companyOf("Industrials");
    const quarter = company.segments.find((p) => p.period === "quarterly")!.segments[0];
    quarter.revenue += 1000;
    expect(failing(company)).toEqual(["segment_sums"]);
    quarter.revenue -= 1000;
    // Moving revenue between two segments keeps the total but breaks the TTMs that sum the quarter.
    const ttm = company.segments.find((p) => p.period === "ttm")!.segments;
    ttm[0].revenue += 1000;
    ttm[1].revenue -= 1000;
    expect(failing(company)).toEqual(["segment_sums"]);
  });
});
