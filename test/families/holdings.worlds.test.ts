// Institutional holdings on worlds built in memory: the managers are invented and their CIKs
// collide with no real filer; 13F-HRs are filed on trading days within 45 days; index managers hold
// cap weights; every Tier 0 rule holds, and each fails on a world broken the way it guards against.
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { holdings as holdingsFamily } from "../../build/families/holdings/family.ts";
import { previousQuarterEnd } from "../../build/families/holdings/checks.ts";
import { isTradingDay } from "../../build/models/calendar.ts";
import { filingCoverInJson, filingText, jsonInner, tableLineInJson } from "../../src/families/holdings/rows.ts";
import {
  holdingsOf,
  LARGE_STAKE,
  managersOf,
  OWNERSHIP_BANDS,
  splitAdjusted,
  stakeFractions,
  type Holding,
} from "../../build/families/holdings/model.ts";
import { BROKERS } from "../../build/models/names.ts";
import { Rng } from "../../build/ground/rng.ts";
import { memoryScratch } from "../../build/ground/scratch.ts";
import { generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import type { Company } from "../../build/families/registry.ts";
import { librarySource, smallWorldSource } from "../support/worlds.ts";

let world: WholeWorld;
let companies: Company[];
let managers: WholeWorld["institutions"]["managers"];
let quarters: WholeWorld["institutions"]["quarters"];
let kindOf: Map<string, string>;
let lastPeriod: string;
beforeAll(() => {
  world = generateWorld(smallWorldSource());
  companies = world.perCompany;
  ({ managers, quarters } = world.institutions);
  kindOf = new Map(managers.map((m) => [m.cik, m.kind]));
  lastPeriod = quarters[quarters.length - 1].reportPeriod;
});

/** The holdings checks of these companies and this world: [name, passed, severity]. */
function report(perCompany: Company[], w: WholeWorld = world) {
  const checker = holdingsFamily.companyChecks!(w.days, memoryScratch());
  for (const c of perCompany) checker.company!(c);
  return checker.finish(w);
}
/** The Tier 0 rules that fail. */
const failing = (perCompany: Company[], w: WholeWorld = world) =>
  report(perCompany, w)
    .filter((c) => !c.passed && c.severity === "error")
    .map((c) => c.name);

/** A copy of the companies with the lines `pick` chooses edited (each line given its company). */
function editLines(pick: (h: Holding, c: Company) => boolean, edit: (h: Holding, c: Company) => Holding): Company[] {
  return companies.map((c) => ({ ...c, holdings: c.holdings.map((h) => (pick(h, c) ? edit(h, c) : h)) }));
}

const isActive = (h: Holding) => h.details.manager_type === "active";

describe("managers", () => {
  it("are three index managers, eight active managers and eight hedge funds with invented names", () => {
    expect(managers.map((m) => m.kind)).toEqual([
      ...Array(3).fill("index"),
      ...Array(8).fill("active"),
      ...Array(8).fill("hedge_fund"),
    ]);
    expect(new Set(managers.map((m) => m.name)).size).toBe(managers.length);
    const brokerStems = new Set(BROKERS.map((b) => b.split(" ")[0]));
    for (const m of managers) {
      expect(m.name).toMatch(
        /^[A-Z][a-z]+ (Index Advisors|Asset Management|Global Investors|Capital Management|Investment Management|Investment Counsel|Partners|Capital|Capital Partners|Fund Management)$/,
      );
      expect(brokerStems.has(m.name.split(" ")[0])).toBe(false);
    }
    expect(managers.filter((m) => m.kind === "index").map((m) => m.indexShare)).toEqual([0.085, 0.065, 0.045]);
  });

  it("have 10-digit CIKs that no company or fund of the reference data has", () => {
    const refdata = (file: string) =>
      parse(readFileSync(new URL(`../../build/refdata/${file}`, import.meta.url), "utf8"), { columns: true }) as Record<
        string,
        string
      >[];
    const real = new Set(
      [...refdata("companies.csv").flatMap((r) => [r.cik, r.cik_alt]), ...refdata("etfs_major.csv").map((r) => r.cik)]
        .filter(Boolean)
        .map((c) => c.padStart(10, "0")),
    );
    expect(real.size).toBeGreaterThan(1000);
    // The CIKs of many worlds' managers.
    const ciks = Array.from({ length: 50 }, (_, k) => managersOf(new Rng(k, "holdings/managers"))).flatMap((ms) =>
      ms.map((m) => m.cik),
    );
    for (const cik of ciks) {
      expect(cik).toMatch(/^\d{10}$/);
      expect(real.has(cik)).toBe(false);
    }
    expect(new Set(managers.map((m) => m.cik)).size).toBe(managers.length);
  });
});

describe("13F-HR filings", () => {
  it("report each calendar quarter whose filings fall in the world, valued at its last trading day", () => {
    // 2023: Q1-Q3 are filed by the world's last day (2023-12-29); Q4 is filed in 2024.
    expect(quarters.map((q) => q.reportPeriod)).toEqual(["2023-03-31", "2023-06-30", "2023-09-30"]);
    expect(quarters.map((q) => world.days[q.day])).toEqual(["2023-03-31", "2023-06-30", "2023-09-29"]);
    for (const q of quarters) expect(Object.keys(q.filed).sort()).toEqual(managers.map((m) => m.cik).sort());
  });

  it("are filed on trading days within 45 days, index managers after 30, hedge funds near the deadline", () => {
    for (const q of quarters) {
      for (const [cik, date] of Object.entries(q.filed)) {
        const lag = (Date.parse(date) - Date.parse(q.reportPeriod)) / 86_400_000;
        expect(isTradingDay(date)).toBe(true);
        expect(lag).toBeGreaterThanOrEqual(1);
        expect(lag).toBeLessThanOrEqual(45);
        if (kindOf.get(cik) === "index") expect(lag).toBeGreaterThanOrEqual(28); // 30 days, back to a trading day
        if (kindOf.get(cik) === "hedge_fund") expect(lag).toBeGreaterThanOrEqual(35);
      }
    }
  });

  it("leave out a manager-quarter filed after the world's last day", () => {
    const short = generateWorld({ ...smallWorldSource(), end_date: "2023-05-05", current_date: "2023-05-05" });
    const q1 = short.institutions.quarters.find((q) => q.reportPeriod === "2023-03-31")!;
    const filed = Object.values(q1.filed);
    expect(filed.length).toBeGreaterThan(0);
    expect(filed.length).toBeLessThan(managers.length);
    expect(filed.every((d) => d <= "2023-05-05")).toBe(true);
    // The same managers file on the same days as in the whole year.
    for (const [cik, d] of Object.entries(q1.filed)) expect(quarters[0].filed[cik]).toBe(d);
  });
});

describe("stakes", () => {
  it("give index managers their fixed fraction of every company's shares", () => {
    for (const c of companies) {
      for (const q of quarters) {
        for (const m of managers.filter((m) => m.kind === "index")) {
          const line = c.holdings.find((h) => h.cik === m.cik && h.report_period === q.reportPeriod)!;
          expect(line.shares).toBe(Math.round(m.indexShare * c.stock.shares[q.day]));
          expect(line.reported_price).toBe(c.stock.bars[q.day].close);
        }
      }
    }
  });

  it("keep each company's 13F ownership inside its tier's band, below its shares outstanding", () => {
    for (const c of companies) {
      const band = OWNERSHIP_BANDS[c.sizeTier];
      for (const q of quarters) {
        const held = c.holdings.filter((h) => h.report_period === q.reportPeriod).reduce((s, h) => s + h.shares, 0);
        const share = held / c.stock.shares[q.day];
        expect(share).toBeGreaterThanOrEqual(band.min - 1e-6);
        expect(share).toBeLessThanOrEqual(band.max + 1e-6);
        expect(share).toBeLessThan(1);
      }
    }
  });

  it("draw each company from its own stream: the same whatever came before", () => {
    const c = companies[3];
    const again = stakeFractions(
      c.sizeTier,
      managers,
      quarters.length,
      new Rng(smallWorldSource().seed, `${smallWorldSource().world}/holdings/${c.facts.ticker}`),
    );
    const lines = holdingsOf({
      ticker: c.facts.ticker,
      managers,
      quarters,
      fractions: again,
      closes: c.stock.bars.map((b) => b.close),
      shares: c.stock.shares,
      splitMultiple: c.stock.splitMultiple,
      days: world.days,
    });
    expect(lines).toEqual(c.holdings);
  });

  it("restate the quarter before for splits when measuring change_shares", () => {
    // Four days, a 4-for-1 split between the two quarter ends.
    const days = ["2023-03-30", "2023-03-31", "2023-06-29", "2023-06-30"];
    const input = {
      ticker: "X",
      managers: managers.slice(0, 1),
      quarters: [
        { reportPeriod: "2023-03-31", day: 1, filed: { [managers[0].cik]: "2023-05-10" } },
        { reportPeriod: "2023-06-30", day: 3, filed: { [managers[0].cik]: "2023-08-10" } },
      ],
      fractions: [[0.085], [0.085]],
      closes: [100, 100, 25, 25],
      shares: [1e6, 1e6, 4e6, 4e6],
      splitMultiple: [1, 1, 4, 4],
      days,
    };
    const [before, after] = holdingsOf(input);
    expect([before.shares, after.shares]).toEqual([85_000, 340_000]);
    expect(before.change_shares).toBeNull();
    expect(after.change_shares).toBe(0);
    expect(after.details.position_status).toBe("unchanged");
    expect(splitAdjusted(85_000, input.splitMultiple, 1, 3)).toBe(340_000);
  });

  it("list no exited position, and mark a new one with its shares as its change", () => {
    for (const c of companies) {
      for (const h of c.holdings) {
        expect(h.shares).toBeGreaterThan(0);
        if (h.report_period === quarters[0].reportPeriod) expect(h.change_shares).toBeNull();
        const before = c.holdings.find(
          (b) => b.cik === h.cik && b.report_period === previousQuarterEnd(h.report_period),
        );
        if (h.report_period !== quarters[0].reportPeriod && !before) {
          expect(h.change_shares).toBe(h.shares);
          expect(h.details.position_status).toBe("new");
        }
      }
    }
    const statuses = new Set(companies.flatMap((c) => c.holdings.map((h) => h.details.position_status)));
    expect([...statuses]).toEqual(expect.arrayContaining(["decreased", "increased", "new", null]));
  });

  it("hold only the universe's operating companies", () => {
    const held = new Set(companies.flatMap((c) => c.holdings.map((h) => h.ticker)));
    expect([...held].sort()).toEqual(world.companies.map((c) => c.ticker).sort());
    for (const f of world.funds) expect(held.has(f.spec.ticker)).toBe(false);
  });

  it("list the non-index stakes of 5% or more when first reported or crossing 5%", () => {
    const stakes = companies.flatMap((c) => c.largeStakes);
    expect(stakes.length).toBeGreaterThan(0);
    for (const s of stakes) {
      expect(kindOf.get(s.cik)).not.toBe("index");
      expect(s.percent).toBeGreaterThanOrEqual(LARGE_STAKE);
      const c = companies.find((c) => c.facts.ticker === s.ticker)!;
      const line = c.holdings.find((h) => h.cik === s.cik && h.report_period === s.report_period)!;
      expect([line.shares, line.filing_date, line.details.percent_of_shares_outstanding]).toEqual([
        s.shares,
        s.filing_date,
        s.percent,
      ]);
      const before = c.holdings.find((h) => h.cik === s.cik && h.report_period === previousQuarterEnd(s.report_period));
      if (s.reason === "crossed_5pct") expect(before!.details.percent_of_shares_outstanding).toBeLessThan(LARGE_STAKE);
      if (s.reason === "new_position") expect(before).toBeUndefined();
      if (s.reason === "first_report") expect(s.report_period).toBe(quarters[0].reportPeriod);
    }
  });
});

describe("Schedules 13G", () => {
  let schedules: Company["beneficialOwners"];
  beforeAll(() => void (schedules = companies.flatMap((c) => c.beneficialOwners)));

  it("come from the index managers above 5% once per company, never amended, and not from the one below", () => {
    for (const m of managers.filter((x) => x.kind === "index")) {
      const own = schedules.filter((b) => b.filer_cik === m.cik);
      if (m.indexShare < LARGE_STAKE) expect(own).toEqual([]);
      else {
        expect(own.map((b) => b.form_type)).toEqual(companies.map(() => "SC 13G"));
        expect(own.every((b) => b.percent_of_class === m.indexShare * 100)).toBe(true);
      }
    }
  });

  it("follow a stake's 13F lines: opened at 5%, amended on a point's move, closed below 5%", () => {
    const amended = schedules.filter((b) => b.form_type === "SC 13G/A");
    expect(amended.length).toBeGreaterThan(0);
    const exits = amended.filter((b) => b.percent_of_class < 5);
    expect(exits.length).toBeGreaterThan(0);
    for (const b of schedules) {
      expect(b.type).toBe("passive");
      expect(b.purpose_of_transaction).toBeNull();
      const line = companies
        .find((c) => c.facts.ticker === b.ticker)!
        .holdings.find((h) => h.cik === b.filer_cik && h.report_period === b.event_date);
      expect(b.aggregate_amount_beneficially_owned).toBe(line?.shares ?? 0);
    }
  });
});

describe("the holdings checks", () => {
  it("hold every rule on a generated world", () => {
    const checks = report(companies);
    expect(checks.filter((c) => !c.passed).map((c) => c.name)).toEqual([]);
    expect(checks.find((c) => c.name === "holdings_index_weights")!.observed).toMatchObject({ violations: 0 });
    expect((checks.find((c) => c.name === "holdings_index_weights")!.observed as { rows: number }).rows).toBe(
      3 * quarters.length * companies.length,
    );
  });

  it("fail holdings_filing_lag on a quarter filed after 45 days, or on a weekend", () => {
    const cik = managers[5].cik;
    const late = "2023-05-19"; // 49 days after 2023-03-31
    const w = {
      ...world,
      institutions: {
        managers,
        quarters: quarters.with(0, { ...quarters[0], filed: { ...quarters[0].filed, [cik]: late } }),
      },
    };
    const moved = editLines(
      (h) => h.cik === cik && h.report_period === "2023-03-31",
      (h) => ({ ...h, filing_date: late }),
    );
    // The manager's Schedules 13G of the quarter were filed with that 13F: they no longer are.
    expect(failing(moved, w)).toEqual(["holdings_filing_lag", "beneficial_filing_lag"]);
    const weekend = {
      ...w,
      institutions: {
        managers,
        quarters: quarters.with(0, { ...quarters[0], filed: { ...quarters[0].filed, [cik]: "2023-05-06" } }),
      },
    };
    const onSaturday = editLines(
      (h) => h.cik === cik && h.report_period === "2023-03-31",
      (h) => ({ ...h, filing_date: "2023-05-06" }),
    );
    expect(failing(onSaturday, weekend)).toEqual(["holdings_filing_lag", "beneficial_filing_lag"]);
  });

  it("fail holdings_visible_from_filing on a line public before its manager filed", () => {
    const line = companies[0].holdings.find((h) => h.report_period === "2023-06-30" && isActive(h))!;
    const early = world.days[world.days.indexOf(line.filing_date) - 1];
    expect(early > line.report_period).toBe(true);
    expect(
      failing(
        editLines(
          (h) => h === line,
          (h) => ({ ...h, filing_date: early }),
        ),
      ),
    ).toEqual(["holdings_visible_from_filing"]);
  });

  it("fail holdings_index_weights on an index manager off its cap weight", () => {
    const off = editLines(
      (h, c) => c === companies[2] && h.details.manager_type === "index" && h.report_period === lastPeriod,
      (h) => {
        const shares = Math.round(h.shares * 1.01);
        const change = h.change_shares! + shares - h.shares;
        const status = change > 0 ? "increased" : change < 0 ? "decreased" : "unchanged";
        const market_value = Math.round(shares * h.reported_price * 100) / 100;
        return {
          ...h,
          shares,
          market_value,
          change_shares: change,
          details: { ...h.details, position_status: status },
        };
      },
    );
    expect(failing(off)).toEqual(["holdings_index_weights"]);
  });

  it("fail holdings_change_shares on a change the quarter before does not give, or one in a first quarter", () => {
    const line = companies[1].holdings.find((h) => h.report_period === lastPeriod && isActive(h))!;
    expect(
      failing(
        editLines(
          (h) => h === line,
          (h) => ({ ...h, change_shares: h.change_shares! + 1 }),
        ),
      ),
    ).toEqual(["holdings_change_shares"]);
    const first = companies[1].holdings.find((h) => h.report_period === quarters[0].reportPeriod)!;
    expect(
      failing(
        editLines(
          (h) => h === first,
          (h) => ({ ...h, change_shares: h.shares, details: { ...h.details, position_status: "new" } }),
        ),
      ),
    ).toEqual(["holdings_change_shares"]);
  });

  it("fail holdings_weights_sum_to_one on a value that is not shares times the close", () => {
    const line = companies[4].holdings.find((h) => isActive(h))!;
    expect(
      failing(
        editLines(
          (h) => h === line,
          (h) => ({ ...h, market_value: h.market_value + 1 }),
        ),
      ),
    ).toEqual(["holdings_weights_sum_to_one"]);
  });

  it("fail holdings_ownership_in_band on a company held beyond its tier's band", () => {
    const k = companies.findIndex((c) => c.sizeTier === "mega");
    const asSmall = companies.with(k, { ...companies[k], sizeTier: "small" as const });
    expect(failing(asSmall)).toEqual(["holdings_ownership_in_band"]);
  });

  it("fail holdings_companies_only on a line of a fund", () => {
    const line = companies[0].holdings.find((h) => isActive(h))!;
    expect(
      failing(
        editLines(
          (h) => h === line,
          (h) => ({ ...h, ticker: "SPY" }),
        ),
      ),
    ).toEqual(["holdings_companies_only"]);
  });

  it("fail holdings_stake_events on a stake_disclosure whose numbers are not its line's, or a stake without one", () => {
    const k = companies.findIndex((c) => c.events.some((e) => e.event_type === "stake_disclosure"));
    expect(k).toBeGreaterThanOrEqual(0);
    const c = companies[k];
    const i = c.events.findIndex((e) => e.event_type === "stake_disclosure");
    const e = c.events[i];
    const wrong = { ...e, public_summary: e.public_summary.replace(/holding [\d,]+ shares/, "holding 1,234 shares") };
    expect(failing(companies.with(k, { ...c, events: c.events.with(i, wrong) }))).toEqual(["holdings_stake_events"]);
    const untold = c.events.filter((_, j) => j !== i);
    expect(failing(companies.with(k, { ...c, events: untold }))).toEqual(["holdings_stake_events"]);
  });

  it("fail beneficial_threshold on a schedule missing or off its line, beneficial_filing_lag on one filed late", () => {
    const moved = (b: Company["beneficialOwners"][number]) => b.form_type === "SC 13G/A" && b.percent_of_class > 5;
    const k = companies.findIndex((c) => c.beneficialOwners.some(moved));
    const c = companies[k];
    const i = c.beneficialOwners.findIndex(moved);
    const b = c.beneficialOwners[i];
    const withSchedules = (list: typeof c.beneficialOwners) => companies.with(k, { ...c, beneficialOwners: list });
    expect(failing(withSchedules(c.beneficialOwners.filter((_, j) => j !== i)))).toEqual(["beneficial_threshold"]);
    const off = { ...b, percent_of_class: b.percent_of_class + 0.5 };
    expect(failing(withSchedules(c.beneficialOwners.with(i, off)))).toEqual(["beneficial_threshold"]);
    const late = {
      ...b,
      filing_date: world.days.find((d) => (Date.parse(d) - Date.parse(b.event_date)) / 864e5 > 45)!,
    };
    expect(failing(withSchedules(c.beneficialOwners.with(i, late)))).toEqual(["beneficial_filing_lag"]);
  });
});

describe("turnover over fifteen years (crisis-cycle-2005)", () => {
  let long: WholeWorld;
  // Without its listings: the turnover of the companies there throughout is the subject.
  beforeAll(() => void (long = generateWorld({ ...librarySource("crisis-cycle-2005"), listings: undefined })));
  const checks = (perCompany: Company[]) => {
    const checker = holdingsFamily.companyChecks!(long.days, memoryScratch());
    for (const c of perCompany) checker.company!(c);
    return new Map(checker.finish(long).map((c) => [c.name, c]));
  };

  it("is 10-30% a quarter for every active manager and hedge fund, below 2% for index managers", () => {
    const report = checks(long.perCompany);
    for (const kind of ["index", "active", "hedge_fund"]) {
      const check = report.get(`holdings_turnover_${kind}`)!;
      expect(check.passed, check.detail).toBe(true);
      const { min, max, quarters: changes } = check.observed as { min: number; max: number; quarters: number };
      expect(changes).toBeGreaterThan(50);
      if (kind === "index") expect(max).toBeLessThan(0.02);
      else expect([min >= 0.1, max <= 0.3]).toEqual([true, true]);
    }
    expect([...report.values()].filter((c) => !c.passed).map((c) => c.name)).toEqual([]);
  });

  it("fails its band when active managers turn their books over every quarter", () => {
    // Every other quarter, active managers sell out of every other company and double the rest.
    const periods = long.institutions.quarters.map((q) => q.reportPeriod);
    const churned = long.perCompany.map((c, k) => ({
      ...c,
      holdings: c.holdings.flatMap((h) => {
        if (!isActive(h) || periods.indexOf(h.report_period) % 2 === 0) return [h];
        if (k % 2 === 0) return [];
        const shares = h.shares * 2;
        return [{ ...h, shares, market_value: Math.round(shares * h.reported_price * 100) / 100 }];
      }),
    }));
    const check = checks(churned).get("holdings_turnover_active")!;
    expect(check.passed).toBe(false);
    expect((check.observed as { mean: number }).mean).toBeGreaterThan(0.3);
  });
});

describe("a 13F line's filing text inside an answer", () => {
  it("is the text JSON would write, from its cover and table line written inside a JSON string", () => {
    for (const [manager, issuer] of [
      ["Galloquin Index Advisors", "APPLE INC."],
      ['Quote "Capital" \\ Partners', "SOCIÉTÉ — ÜBER\tCORP"],
    ]) {
      const line = {
        filer_cik: "0009104377",
        report_period: "2023-06-30",
        filing_date: "2023-08-14",
        market_value: 1234567.5,
        reported_price: 193.97,
        shares: 6365,
      };
      const inJson =
        filingCoverInJson({ ...line, manager_name: jsonInner(manager) }) +
        tableLineInJson({ ...line, name_of_issuer: jsonInner(issuer) });
      const text = filingText({ ...line, manager_name: manager, name_of_issuer: issuer });
      expect(JSON.parse(`"${inJson}"`)).toBe(text);
      expect(text).toContain(`Name of reporting manager: ${manager}\nCIK: 0009104377`);
      expect(text).toContain("Value: $1,234,567.50 (at $193.97 a share)\nShares or principal amount: 6,365 SH");
    }
  });
});
