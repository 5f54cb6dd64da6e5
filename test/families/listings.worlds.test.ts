// Companies that join a world (build/families/listings): before its first trading day an entrant is
// a private company whose history no record shows; it lists with a prospectus and a first-day move
// over the offering price; its analysts wait out the quiet period and its insiders the lock-up.
import { beforeAll, describe, expect, it } from "vitest";
import { offeringTerms } from "../../build/families/listings/plan.ts";
import { LISTINGS } from "../../build/families/listings/tables.ts";
import { fallsFromHigh, isOpenMarket } from "../../build/families/insiders/model.ts";
import { median } from "../../build/models/statistics.ts";
import { validateScenario } from "../../build/pipeline/validate.ts";
import { contextView, generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import { librarySource } from "../support/worlds.ts";

let world: WholeWorld;

beforeAll(() => {
  const source = librarySource("crisis-cycle-2005");
  world = generateWorld({
    ...source,
    universe: { ...source.universe, count: 12 },
    exits: undefined,
    listings: { count: 8 },
  });
}, 120_000);

const entrants = () => world.perCompany.filter((c) => c.listing);
const firstOf = (c: (typeof world.perCompany)[number]) => world.days[c.listing!.first];

describe("a company that lists inside the world", () => {
  it("joins on its reference listing date", () => {
    expect(entrants().length).toBe(8);
    for (const c of entrants()) {
      expect(world.entrants.get(c.facts.ticker)).toBe(firstOf(c));
      expect(c.facts.listing_date).toBe(firstOf(c));
      expect(firstOf(c) > world.days[0]).toBe(true);
    }
  });

  it("shows nothing dated before its first trading day: events, filings, news, notes, estimates, trades, statements, 13F lines, actions", () => {
    for (const c of entrants()) {
      const first = firstOf(c);
      expect(c.stock.first).toBe(c.listing!.first);
      const dated: [string, string[]][] = [
        ["events", c.events.map((e) => e.visible_from)],
        ["filings", c.filings.map((f) => f.filing_date)],
        ["news", c.news.map((n) => n.date.slice(0, 10))],
        ["notes", c.notes.map((n) => n.date.slice(0, 10))],
        ["estimates", c.estimates.map((e) => e.estimate_date)],
        ["earnings", c.earnings.map((e) => e.filing_date)],
        ["guidance", c.guidance.map((g) => g.issued_date)],
        ["insider trades", c.insiderTrades.map((t) => t.transaction_date)],
        ["insider holdings", c.insiderOwnership.map((o) => o.filing_date)],
        ["statements", c.statements.map((s) => s.filingDate)],
        ["metrics", c.metrics.map((m) => m.metrics.filing_date)],
        ["kpis", c.kpis.map((k) => k.filing_date)],
        ["segments", c.segments.map((s) => s.filingDate)],
        ["13F periods", c.holdings.map((h) => h.details.valuation_date)],
        ["actions", c.stock.actions.map((a) => a.announcement_date)],
      ];
      for (const [what, dates] of dated)
        expect({ what, before: dates.filter((d) => d < first) }).toEqual({ what, before: [] });
    }
  });

  it("names in its filings and its first bar only events public from its first day", () => {
    for (const c of entrants()) {
      const kept = new Set(c.events.map((e) => e.event_id));
      for (const f of c.filings)
        expect({ f: f.accession_number, ok: f.source_event_ids.every((id) => kept.has(id)) }).toEqual({
          f: f.accession_number,
          ok: true,
        });
      const ids = c.stock.bars[c.listing!.first].metadata.source_event_ids as string[];
      expect(ids.every((id) => kept.has(id))).toBe(true);
    }
  });

  it("measures its insiders' falls from a high on its public bars only", () => {
    for (const c of entrants()) {
      const first = c.listing!.first;
      const falls = fallsFromHigh(c.stock);
      const publicOnly = fallsFromHigh({ ...c.stock, bars: c.stock.bars.slice(first), first: 0 });
      expect(falls.slice(0, first).every((x) => x === 0)).toBe(true);
      expect(falls.slice(first)).toEqual(publicOnly);
    }
  });

  it("files its history as a private company on its first day, and reports as a listed one after", () => {
    for (const c of entrants()) {
      const first = firstOf(c);
      const earlier = c.statements.filter((s) => s.reportPeriod < first);
      expect(earlier.length).toBeGreaterThan(4);
      // Filed on the first day, or, a period just ended, by its usual date after it.
      expect(earlier.every((s) => s.filingDate >= first)).toBe(true);
      expect(earlier.filter((s) => s.filingDate === first).length).toBeGreaterThan(4);
      const later = c.statements.filter((s) => s.reportPeriod >= first && s.period === "quarterly");
      // A 10-Q or 10-K accompanies each release as a listed company.
      for (const e of c.earnings) expect(c.filings.some((f) => f.report_period === e.report_period)).toBe(true);
      expect(later.length === 0 || c.earnings.length > 0).toBe(true);
    }
  });

  it("lists with a prospectus of its offering's terms, and moves from the offering price on its first day", () => {
    for (const c of entrants()) {
      const l = c.listing!;
      const first = firstOf(c);
      const event = c.events.find((e) => e.event_type === "initial_public_offering")!;
      expect(event.event_date).toBe(first);
      const prospectus = c.filings.find((f) => f.filing_type === "424B4")!;
      expect(prospectus.filing_date).toBe(first);
      expect(prospectus.source_event_ids).toEqual([event.event_id]);
      const terms = offeringTerms(l, c.stock, LISTINGS.gross_spread);
      const text = prospectus.sections.map((s) => s.text).join("\n");
      expect(text).toContain(`$${terms.price.toFixed(2)} per share`);
      expect(text).toContain(`${LISTINGS.lockup_days} days`);
      // The first close over the offer: the plan's move, give or take the day's market and noise.
      const firstDay = c.stock.bars[l.first].close / terms.price - 1;
      expect(Math.abs(Math.log(1 + firstDay) - l.firstDayJump)).toBeLessThan(0.12);
      // The first day trades many times the volume of the weeks after it.
      const after = median(c.stock.bars.slice(l.first + 20, l.first + 60).map((b) => b.volume));
      expect(c.stock.bars[l.first].volume).toBeGreaterThan(5 * after);
      // Its news of the day quotes the offering price.
      const news = c.news.filter((a) => a.date.slice(0, 10) === first);
      expect(news.length).toBeGreaterThan(0);
    }
  });

  it("is covered by analysts only after the quiet period, each firm's first note initiating coverage", () => {
    for (const c of entrants()) {
      const l = c.listing!;
      const quietEnd = world.days[l.quietEnd];
      expect(c.estimates.every((e) => e.estimate_date >= quietEnd)).toBe(true);
      const event = c.events.find((e) => e.event_type === "initial_public_offering")!;
      const firsts = new Map<string, (typeof c.estimates)[number]>();
      for (const e of c.estimates) if (!firsts.has(e.firm)) firsts.set(e.firm, e);
      for (const e of firsts.values()) {
        expect(e.source_event_id).toBe(event.event_id);
        expect(e.prior_target_price).toBeNull();
      }
      if (c.notes.length) {
        expect(c.notes[0].title).toMatch(/initiat|coverage/);
        // It starts a rating: it does not keep one it never had.
        expect(c.notes[0].text).not.toMatch(/remain at|was |previously/);
        expect(c.notes[0].text).toMatch(/initiate at|initial rating|to start/);
      }
    }
  });

  it("has insiders trade in the market only after the lock-up, and sell soon after it ends", () => {
    let soldAfter = 0;
    for (const c of entrants()) {
      const l = c.listing!;
      const lockupEnd = world.days[Math.min(l.lockupEnd, world.days.length - 1)];
      const market = c.insiderTrades.filter((t) => isOpenMarket(t.transaction_type) && t.details.plan === null);
      expect(market.filter((t) => t.transaction_date < lockupEnd)).toEqual([]);
      const window = world.days[Math.min(l.lockupEnd + LISTINGS.lockup_sales.days, world.days.length - 1)];
      if (market.some((t) => t.transaction_type === "sell" && t.transaction_date <= window)) soldAfter++;
    }
    expect(soldAfter).toBeGreaterThan(0);
  });

  it("is held by managers from its first quarter as a new position, and joins the index funds after it lists", () => {
    for (const c of entrants()) {
      const first = firstOf(c);
      const byManager = new Map<string, (typeof c.holdings)[number]>();
      for (const h of c.holdings) if (!byManager.has(h.cik)) byManager.set(h.cik, h);
      for (const h of byManager.values()) expect(h.details.position_status).toBe("new");
      for (const fund of world.funds)
        for (const year of fund.compositions.years)
          for (const comp of fund.compositions.of(year))
            if (comp.as_of < first) expect(comp.holdings.some((h) => h.holding_ticker === c.facts.ticker)).toBe(false);
    }
    const joined = entrants().some((c) =>
      world.funds.some((f) =>
        f.compositions.years.some((y) =>
          f.compositions.of(y).some((comp) => comp.holdings.some((h) => h.holding_ticker === c.facts.ticker)),
        ),
      ),
    );
    expect(joined).toBe(true);
  });
});

describe("a company that lists in a future branch", () => {
  it("is not in the world as of the current date: its public report and context view leave it out", () => {
    const source = librarySource("future-productivity-boom-quick");
    const branch = generateWorld({ ...source, listings: { count: 4 } });
    const joining = branch.perCompany.filter((c) => c.listing).map((c) => c.facts.ticker);
    expect(joining.length).toBeGreaterThan(0);
    const view = contextView(branch, source.current_date);
    expect(view.perCompany.map((c) => c.facts.ticker).filter((t) => joining.includes(t))).toEqual([]);
    const fields = { scenarioId: "x", generatorVersion: "x", calibrationVersion: "x" };
    const report = validateScenario({ ...fields, world: branch, currentDate: source.current_date });
    expect(report.healthy).toBe(true);
    // Its statements are filed on its first day, after the current date: the context's statements rule counts none of them.
    const periods = view.perCompany.flatMap((c) => c.statements).length;
    expect(report.checks.find((c) => c.name === "balance_sheet_identity")!.observed).toMatchObject({ rows: periods });
  });
});
