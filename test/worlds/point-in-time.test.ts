// No look-ahead in generation: what a world shows before its catalyst is public must not depend on
// the catalyst. The same source without its catalyst has to produce the same rows up to that day.
// Each default scenario with a catalyst, on a small universe (its named tickers and story sectors,
// five drawn companies at most): what is checked holds whatever the universe.
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SRC_DIR } from "../../build/pipeline/library.ts";
import { generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import { defaultSources } from "../../build/pipeline/theme-source.ts";

const sources = defaultSources(DEFAULT_SRC_DIR).map((l) => l.source);

const small = (s: (typeof sources)[number]) => ({ ...s, universe: { ...s.universe, count: 5 } });

describe.each(sources.filter((s) => s.catalyst).map((s) => [s.name, small(s)] as const))(
  "%s before its catalyst",
  (_, source) => {
    let withCatalyst: WholeWorld;
    let withoutCatalyst: WholeWorld;
    let catalyst: WholeWorld["events"][number];
    beforeAll(() => {
      withCatalyst = generateWorld(source);
      withoutCatalyst = generateWorld({ ...source, catalyst: undefined });
      catalyst = withCatalyst.events.find((e) => e.event_type === "macro_catalyst")!;
    });
    const before = (date: string) => date < catalyst.visible_from;

    it("has a catalyst event to test against", () => {
      expect(catalyst).toBeDefined();
    });

    it("serves macro rows that never mention the catalyst", () => {
      for (const row of withCatalyst.macro.filter((m) => before(m.time))) {
        expect(row.metadata, row.time).not.toHaveProperty("catalyst_window");
        expect(row.metadata, row.time).not.toHaveProperty("trading_days_from_catalyst");
        expect(row.metadata.source_event_ids, row.time).not.toContain(catalyst.event_id);
      }
      const at = withCatalyst.macro.find((m) => m.time === catalyst.visible_from)!;
      expect(at.metadata).toMatchObject({ catalyst_window: true, trading_days_from_catalyst: 0 });
    });

    it("gives the same macro tape, bars, events and rate decisions as a world without the catalyst", () => {
      const macro = (w: typeof withCatalyst) => w.macro.filter((m) => before(m.time));
      expect(macro(withCatalyst)).toEqual(macro(withoutCatalyst));

      // Bars as traded (adjusted_close restates later actions, so it is compared through returns).
      expect(withCatalyst.perCompany.map((c) => c.facts)).toEqual(withoutCatalyst.perCompany.map((c) => c.facts));
      withCatalyst.perCompany.forEach(({ facts, stock }, i) => {
        const other = withoutCatalyst.perCompany[i].stock;
        const bars = (s: typeof stock) =>
          s.bars
            .filter((b) => before(b.time))
            .map(({ time, open, high, low, close, volume }) => ({ time, open, high, low, close, volume }));
        expect(bars(stock), facts.ticker).toEqual(bars(other));
      });

      // Market-wide events, then each company's.
      const events = (w: typeof withCatalyst) =>
        [...w.events, ...w.perCompany.flatMap((c) => c.events)]
          .filter((e) => before(e.visible_from))
          .map((e) => e.event_id);
      expect(events(withCatalyst)).toEqual(events(withoutCatalyst));

      for (const [bank, decisions] of withCatalyst.decisions) {
        const announced = (d: typeof decisions) => d.filter((r) => before(r.announced));
        expect(announced(decisions), bank).toEqual(announced(withoutCatalyst.decisions.get(bank)!));
      }
    });

    it("files the same documents before the catalyst, numbers and text alike", () => {
      withCatalyst.perCompany.forEach(({ facts, filings }, i) => {
        const filed = (list: typeof filings) => list.filter((f) => before(f.filing_date));
        expect(filed(filings), facts.ticker).toEqual(filed(withoutCatalyst.perCompany[i].filings));
      });
    });
  },
);
