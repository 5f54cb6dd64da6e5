// Filings on a world built in memory: a 10-Q or 10-K per earnings release with the statements'
// accession number, an 8-K per reported event within the SEC's deadline, text whose every number is
// a record's, and each Tier 0 check shown to fail on a broken world.
import { beforeAll, describe, expect, it } from "vitest";
import { filings as filingsFamily } from "../../build/families/filings/family.ts";
import { incomeRow } from "../../build/families/statements/rows.ts";
import { count, dollars, numbersIn, perShare } from "../../build/models/amounts.ts";
import { RISKS } from "../../build/families/filings/prose.ts";
import { appointmentIn, dayIndexOf } from "../../build/models/events.ts";
import { exhibitIn, FIRST_CURRENT_REPORT } from "../../build/families/filings/model.ts";
import { memoryScratch } from "../../build/ground/scratch.ts";
import { contextView, generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import type { Company } from "../../build/families/registry.ts";
import { FILING_ITEMS } from "../../src/families/filings/rows.ts";
import { smallWorldSource } from "../support/worlds.ts";

const source = smallWorldSource();
let world: WholeWorld;
let companies: Company[];
let dayIndex: ReturnType<typeof dayIndexOf>;
beforeAll(() => {
  world = generateWorld(source);
  companies = world.perCompany;
  dayIndex = dayIndexOf(world.days);
});

/** The filings checks that fail on these companies. */
function failing(perCompany: Company[] = companies, w: WholeWorld = world): string[] {
  const checker = filingsFamily.companyChecks!(w.days, memoryScratch());
  for (const c of perCompany) checker.company!(c);
  return checker
    .finish(w)
    .filter((c) => !c.passed)
    .map((c) => c.name);
}

/** The companies with the first one's filings edited. */
const withFilings = (edit: (filings: Company["filings"]) => Company["filings"]) =>
  companies.with(0, { ...companies[0], filings: edit(companies[0].filings) });

/** The first filing of the first company that `pick` chooses, edited. */
function breakFiling(
  pick: (f: Company["filings"][number]) => boolean,
  edit: (f: Company["filings"][number]) => object,
) {
  return withFilings((list) => {
    const i = list.findIndex(pick);
    expect(i).toBeGreaterThanOrEqual(0);
    return list.with(i, { ...list[i], ...edit(list[i]) } as Company["filings"][number]);
  });
}

const ITEMS_BY_EVENT: Record<string, string[]> = {
  earnings_release: ["Item-2.02", "Item-9.01"],
  management_change: ["Item-5.02"],
  contract_win: ["Item-1.01"],
  guidance_change: ["Item-7.01"],
  lawsuit: ["Item-8.01"],
  regulatory_action: ["Item-8.01"],
  product_launch: ["Item-8.01"],
  catalyst_impact: ["Item-8.01"],
};

describe("filings", () => {
  it("passes its checks on the whole world and on a context view", () => {
    expect(failing()).toEqual([]);
    const view = contextView(world, "2023-06-30");
    expect(view.perCompany.flatMap((c) => c.filings).every((f) => f.filing_date <= "2023-06-30")).toBe(true);
    expect(failing(view.perCompany, view)).toEqual([]);
  });

  it("files a 10-Q or 10-K with each earnings release: the statements' accession number, date and period", () => {
    for (const { facts, statements, earnings, filings } of companies) {
      const periodic = filings.filter((f) => f.filing_type !== "8-K");
      expect(periodic).toHaveLength(earnings.length);
      for (const release of earnings) {
        const f = periodic.find((x) => x.accession_number === release.accession_number)!;
        const s = statements.find((x) => x.period === "quarterly" && x.reportPeriod === release.report_period)!;
        expect(incomeRow(facts, s).accession_number).toBe(f.accession_number);
        expect(f).toMatchObject({
          filing_date: s.filingDate,
          report_period: s.reportPeriod,
          filing_type: s.fiscalQuarter === 4 ? "10-K" : "10-Q",
          fiscal_year: s.fiscalYear,
          fiscal_quarter: s.fiscalQuarter === 4 ? null : s.fiscalQuarter,
          source_event_ids: [release.source_event_id],
        });
        expect(f.items).toEqual(
          f.filing_type === "10-K"
            ? ["Item-1", "Item-1.01", "Item-7", "Item-7.01", "Item-8"]
            : ["Item-1", "Item-2", "Item-1.01"],
        );
      }
    }
    expect(companies.flatMap((c) => c.filings).filter((f) => f.filing_type === "10-K").length).toBeGreaterThanOrEqual(
      companies.length,
    );
  });

  it("files an 8-K per reported event within 4 business days, none on a rumour", () => {
    let reported = 0;
    for (const { events, filings, earnings } of companies) {
      const current = filings.filter((f) => f.filing_type === "8-K");
      const bySource = new Map(current.map((f) => [f.source_event_ids[0], f]));
      expect(bySource.size).toBe(current.length);
      for (const e of events) {
        const f = bySource.get(e.event_id);
        const items = ITEMS_BY_EVENT[e.event_type];
        if (!items) {
          // A rumour is not the company's to report; an insider's Form 4 and a manager's 13F are others' filings.
          expect(["merger_rumor", "insider_purchase", "stake_disclosure"]).toContain(e.event_type);
          expect(f).toBeUndefined();
          continue;
        }
        reported++;
        expect(f!.items).toEqual(items);
        expect(f!.report_period).toBe(e.event_date);
        const lag = dayIndex.get(f!.filing_date)! - dayIndex.get(e.event_date)!;
        expect(lag).toBeGreaterThanOrEqual(0);
        expect(lag).toBeLessThanOrEqual(e.event_type === "earnings_release" ? 0 : 3);
        if (e.event_type === "earnings_release") {
          const release = earnings.find((r) => r.source_event_id === e.event_id)!;
          expect(exhibitIn(f!.sections[1].text)).toBe(release.press_release);
          expect(f!.document_count).toBe(2);
        }
        if (e.event_type === "management_change") {
          const { person, role } = appointmentIn(e.public_summary)!;
          expect(f!.sections[0].text).toContain(`appointed ${person} as ${role}`);
        }
      }
    }
    expect(reported).toBeGreaterThan(companies.length * 4);
  });

  it("numbers accessions uniquely: a company's 8-Ks of a year from 101 in filing order", () => {
    const all = companies.flatMap((c) => c.filings.map((f) => f.accession_number));
    expect(new Set(all).size).toBe(all.length);
    for (const { filings } of companies) {
      const years = new Map<string, number[]>();
      for (const f of filings.filter((x) => x.filing_type === "8-K"))
        years.set(f.filing_date.slice(0, 4), [
          ...(years.get(f.filing_date.slice(0, 4)) ?? []),
          Number(f.accession_number.slice(-6)),
        ]);
      for (const seqs of years.values()) expect(seqs).toEqual(seqs.map((_, k) => FIRST_CURRENT_REPORT + k));
    }
  });

  it("names every section as the catalog does and writes only record numbers and labels", () => {
    for (const { facts, filings } of companies)
      for (const f of filings) {
        expect(f.item_count).toBe(f.sections.length);
        expect(f.items).toEqual(f.sections.map((s) => s.item));
        for (const s of f.sections) {
          const entry = FILING_ITEMS.find((i) => i.filing_type === f.filing_type && i.item === s.item);
          expect(entry?.item_name).toBe(s.item_name);
        }
        expect(f.cik).toBe(facts.cik);
        expect(f.url).toBe(`https://filings.example/edgar/data/${Number(facts.cik)}/${f.accession_number}.htm`);
      }
    const tenK = companies[0].filings.find((f) => f.filing_type === "10-K")!;
    const annual = companies[0].statements.find((s) => s.period === "annual" && s.reportPeriod === tenK.report_period)!;
    const i = incomeRow(companies[0].facts, annual);
    expect(tenK.sections[2].text).toContain(dollars(i.revenue!));
    expect(numbersIn(tenK.sections[4].text)).toContain(i.revenue!.toLocaleString("en-US"));
  });
});

describe("the filings checks", () => {
  it("fail when a filing names an unknown event, or one not public by its filing date", () => {
    expect(
      failing(
        breakFiling(
          (f) => f.filing_type === "10-Q",
          () => ({ source_event_ids: ["evt_nothing"] }),
        ),
      ),
    ).toContain("filings_lineage");
    const late = companies[0].events.at(-1)!;
    expect(
      failing(
        breakFiling(
          (f) => f.filing_date < late.event_date,
          () => ({ source_event_ids: [late.event_id] }),
        ),
      ),
    ).toContain("filings_lineage");
  });

  it("fail on a late filing, and on an 8-K without its event", () => {
    const yearLate = (date: string) => `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
    const lateTenQ = breakFiling(
      (f) => f.filing_type === "10-Q",
      (f) => ({ filing_date: yearLate(f.filing_date) }),
    );
    // A year later, the year's events make other risks the report's (filings_risks_follow_situation may fail too).
    expect(failing(lateTenQ)).toContain("filings_deadlines");
    expect(failing(lateTenQ).filter((c) => c !== "filings_risks_follow_situation")).toEqual(["filings_deadlines"]);
    const eightK = (f: Company["filings"][number]) => f.filing_type === "8-K" && !f.items.includes("Item-2.02");
    const lateEightK = breakFiling(eightK, (f) => ({ filing_date: world.days[dayIndex.get(f.report_period)! + 5] }));
    expect(failing(lateEightK)).toEqual(["filings_deadlines"]);
    // An 8-K on a rumour: its event is the company's and public, but companies report no rumour.
    const [first] = companies;
    const i = first.filings.findIndex(eightK);
    const f = first.filings[i];
    const rumour = { ...first.events[0], event_id: "evt_rumour", event_type: "merger_rumor" as const };
    const onRumour = companies.with(0, {
      ...first,
      events: [...first.events, { ...rumour, event_date: f.report_period, visible_from: f.report_period }],
      filings: first.filings.with(i, { ...f, source_event_ids: [rumour.event_id] }),
    });
    expect(failing(onRumour)).toEqual(["filings_deadlines"]);
  });

  it("fail when a number is not the records', the MD&A omits revenue, or the exhibit is not the press release", () => {
    const edit = (item: string, change: (text: string) => string) =>
      breakFiling(
        (f) => f.items.includes(item),
        (f) => ({ sections: f.sections.map((s) => (s.item === item ? { ...s, text: change(s.text) } : s)) }),
      );
    expect(failing(edit("Item-7", (t) => t.replace(/\$[\d,]+/, "$1,234")))).toEqual(["filings_numbers_match_records"]);
    const revenueLine = /^(Revenue +)([\d,]+)$/m;
    const restated = (t: string) =>
      t.replace(revenueLine, (_, label, v) => `${label}${count(Number(v.replaceAll(",", "")) + 1000)}`);
    expect(failing(edit("Item-8", restated))).toEqual(["filings_numbers_match_records"]);
    expect(failing(edit("Item-2", (t) => t.replace(/Revenue for .*?\. (?=[A-Z])/, "")))).toEqual([
      "filings_numbers_match_records",
    ]);
    expect(failing(edit("Item-9.01", (t) => `${t} Shares rose.`))).toEqual(["filings_numbers_match_records"]);
    // The records broken instead: a fiscal year's revenue restated leaves the 10-K's numbers unmatched.
    const first = companies[0];
    const year = first.filings.find((f) => f.filing_type === "10-K")!.report_period;
    const statements = first.statements.map((s) =>
      s.period === "annual" && s.reportPeriod === year
        ? { ...s, income: { ...s.income, revenue: s.income.revenue + 1000 } }
        : s,
    );
    expect(failing(companies.with(0, { ...first, statements }))).toEqual(["filings_numbers_match_records"]);
  });
});

describe("a periodic report's risk factors and MD&A", () => {
  const annual = () =>
    companies.flatMap((c) => c.filings.filter((f) => f.filing_type === "10-K").map((f) => ({ c, f })));
  const item = (f: Company["filings"][number], code: string) => f.sections.find((s) => s.item === code)!.text;

  it("states the risks of each situation its records show, and only those: a loss, falling revenue", () => {
    const loss = RISKS.situational.net_loss[0].title;
    const decline = RISKS.situational.revenue_decline[0].title;
    for (const { c, f } of annual()) {
      const year = c.statements.find((s) => s.period === "annual" && s.reportPeriod === f.report_period)!;
      const prior = c.statements.find((s) => s.period === "annual" && s.fiscalYear === year.fiscalYear - 1);
      expect(item(f, "Item-1.01").includes(loss), f.accession_number).toBe(year.income.net_income < 0);
      expect(item(f, "Item-1.01").includes(decline), f.accession_number).toBe(
        !!prior && year.income.revenue < prior.income.revenue,
      );
    }
  });

  it("discusses each business segment and restates the release's guidance exactly", () => {
    let guided = 0;
    for (const { c, f } of annual()) {
      const mda = item(f, "Item-7");
      const segments = c.segments.find((p) => p.period === "annual" && p.reportPeriod === f.report_period)!;
      const business = segments.segments.filter((s) => s.segment_type === "business");
      if (business.length > 1)
        for (const s of business) expect(mda).toContain(`${s.segment}: revenue of ${dollars(s.revenue)}`);
      for (const g of c.guidance.filter((x) => x.source_event_id === f.source_event_ids[0])) {
        guided++;
        const write = g.metric_name === "earnings_per_share" ? perShare : dollars;
        expect(mda).toContain(`${write(g.low)} to ${write(g.high)}`);
      }
    }
    expect(guided).toBeGreaterThan(0);
  });

  it("fails filings_risks_follow_situation on a risk its records do not call for, and on one left out", () => {
    const pending = RISKS.situational.pending_merger[0];
    const added = breakFiling(
      (f) => f.filing_type === "10-K",
      (f) => ({
        sections: f.sections.map((s) => (s.item === "Item-1.01" ? { ...s, text: `${s.text}\n\n${pending.title}` } : s)),
      }),
    );
    expect(failing(added)).toEqual(["filings_risks_follow_situation"]);
    const k = companies.findIndex((c) =>
      c.filings.some(
        (f) => f.filing_type === "10-K" && item(f, "Item-1.01").includes("Risks related to our current circumstances"),
      ),
    );
    expect(k).toBeGreaterThanOrEqual(0);
    const c = companies[k];
    const i = c.filings.findIndex(
      (f) => f.filing_type === "10-K" && item(f, "Item-1.01").includes("Risks related to our current circumstances"),
    );
    const cut = (text: string) =>
      text.replace(/Risks related to our current circumstances[\s\S]*?(?=Risks related to our industry)/, "");
    const left = c.filings.with(i, {
      ...c.filings[i],
      sections: c.filings[i].sections.map((s) => (s.item === "Item-1.01" ? { ...s, text: cut(s.text) } : s)),
    });
    expect(failing(companies.with(k, { ...c, filings: left }))).toEqual(["filings_risks_follow_situation"]);
  });
});
