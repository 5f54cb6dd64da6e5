// News and analyst notes on a world built in memory: every rule holds, and each fails on a world
// broken the way it guards against (a number no record holds, an article before its cause, a tone
// the facts do not give, a note whose rating is not its firm's).
import { beforeAll, describe, expect, it } from "vitest";
import { news as newsFamily } from "../../build/families/news/family.ts";
import { notes as notesFamily } from "../../build/families/notes/family.ts";
import { memoryScratch } from "../../build/ground/scratch.ts";
import { generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import type { Company } from "../../build/families/registry.ts";
import { smallWorldSource } from "../support/worlds.ts";
import { amount } from "../../build/models/amounts.ts";

const source = smallWorldSource();
let world: WholeWorld;
let companies: Company[];
beforeAll(() => {
  world = generateWorld(source);
  companies = world.perCompany;
});

/** The checks of a family's Checker that fail on these companies and this world. */
function failing(family: typeof newsFamily | typeof notesFamily, perCompany: Company[], w: WholeWorld = world) {
  const checker = family.companyChecks!(w.days, memoryScratch());
  for (const c of perCompany) checker.company!(c);
  return checker
    .finish(w)
    .filter((c) => !c.passed)
    .map((c) => c.name);
}

/** The first company with its first article that `pick` chooses edited. */
function breakArticle(pick: (a: Company["news"][number]) => boolean, edit: (a: Company["news"][number]) => object) {
  const k = companies.findIndex((c) => c.news.some(pick));
  const c = companies[k];
  const i = c.news.findIndex(pick);
  return companies.with(k, { ...c, news: c.news.with(i, { ...c.news[i], ...edit(c.news[i]) }) });
}

const results = (a: Company["news"][number]) =>
  a.event_lineage.event_type === "earnings_release" && a.article_format !== "market_move";

describe("news", () => {
  it("holds every rule on a generated world", () => {
    expect(failing(newsFamily, companies)).toEqual([]);
    expect(companies.every((c) => c.news.length > 0)).toBe(true);
    expect(world.marketNews.some((a) => a.ticker === "SPY")).toBe(true);
  });

  it("fails news_numbers_match_records on a number no record holds, and on results without their EPS", () => {
    const wrong = breakArticle(results, (a) => ({ text: a.text.replace(/\$(\d+)\.(\d\d)/, "$$$1.$2 and $$987.65") }));
    expect(failing(newsFamily, wrong)).toEqual(["news_numbers_match_records"]);
    const eps = (a: Company["news"][number]) => a.validation.numbers[0];
    const without = breakArticle(results, (a) => ({ text: a.text.replaceAll(eps(a), "some"), title: "Results" }));
    expect(failing(newsFamily, without)).toContain("news_numbers_match_records");
  });

  it("fails news_lineage on an article dated before its event", () => {
    const early = breakArticle(
      () => true,
      (a) => ({ date: "2022-12-30", visible_from: "2022-12-30" }),
    );
    expect(failing(newsFamily, early)).toEqual(["news_lineage"]);
  });

  it("fails news_sentiment_agrees on a tone the facts do not give", () => {
    const flipped = breakArticle(results, (a) => ({ sentiment: a.sentiment === "positive" ? "negative" : "positive" }));
    expect(failing(newsFamily, flipped)).toEqual(["news_sentiment_agrees"]);
  });

  it("writes results stories from the records: consensus, the call's officers verbatim, analysts' published ratings and targets", () => {
    const stories = companies.flatMap((c) =>
      c.news.filter((a) => results(a) && a.article_format !== "brief").map((a) => [c, a] as const),
    );
    expect(stories.length).toBeGreaterThan(20);
    let quotedCalls = 0;
    let analysts = 0;
    for (const [c, a] of stories) {
      // An officer's words are the call's: a quote ending in a comma is the sentence cut before its attribution.
      const call = c.transcripts.find((t) => a.event_lineage.records.includes(`transcripts ${t.transcript_id}`));
      if (call) {
        const said = call.turns.map((t) => t.text).join("\n");
        const quotes = [...a.text.matchAll(/“([^”]+)”/g)].map((m) => m[1].replace(/,$/, ""));
        expect(quotes.length, a.artifact_id).toBeGreaterThan(0);
        for (const q of quotes) if (said.includes(q)) quotedCalls++;
        expect(
          quotes.some((q) => said.includes(q)),
          a.artifact_id,
        ).toBe(true);
      }
      // An analyst named is their firm's latest before the event, and a target written beside them is that publication's.
      const firms = new Map(
        c.estimates.filter((p) => p.estimate_date < a.event_lineage.event_date).map((p) => [p.firm, p]),
      );
      for (const latest of firms.values()) {
        const stale = c.estimates.some(
          (p) => p.firm === latest.firm && p.analyst !== latest.analyst && a.text.includes(p.analyst),
        );
        expect(stale, a.artifact_id).toBe(false);
        const target = `$${latest.target_price.toFixed(2)}`;
        if (a.text.includes(latest.analyst) && a.text.includes(target) && a.text.includes(latest.rating)) analysts++;
      }
    }
    expect(quotedCalls).toBeGreaterThan(0);
    expect(analysts).toBeGreaterThan(0);
  });

  it("compares peers of the sector from their own releases: a peer's figure that is not its record's fails", () => {
    const peerRecord = (a: Company["news"][number]) =>
      a.event_lineage.records.find((r) => r.startsWith("peer-earnings "))?.split(" ");
    const naming = (a: Company["news"][number]) => a.mentioned_tickers.length > 1 && !!peerRecord(a);
    const k = companies.findIndex((c) => c.news.some(naming));
    expect(k).toBeGreaterThanOrEqual(0);
    const a = companies[k].news.find(naming)!;
    const [, ticker, accession] = peerRecord(a)!;
    const peer = companies.find((c) => c.facts.ticker === ticker)!;
    expect(peer.facts.sector).toBe(companies[k].facts.sector);
    const release = peer.earnings.find((r) => r.accession_number === accession)!;
    expect(release.filing_date < a.event_lineage.event_date).toBe(true);
    const revenue = amount(release.quarterly.revenue);
    expect(a.text).toContain(revenue);
    const wrong = breakArticle(
      (x) => x.artifact_id === a.artifact_id,
      (x) => ({ text: x.text.replaceAll(revenue, "$987.65 billion") }),
    );
    expect(failing(newsFamily, wrong)).toEqual(["news_numbers_match_records"]);
  });

  it("reads a rate range back as its two figures: a policy article with a wrong range fails", () => {
    const i = world.marketNews.findIndex((a) => /\d-\d+\.\d+%/.test(a.text));
    expect(i).toBeGreaterThanOrEqual(0);
    const a = world.marketNews[i];
    const broken = {
      ...world,
      marketNews: world.marketNews.with(i, { ...a, text: a.text.replace(/(\d)-(\d+\.\d+%)/, "$1-9.99%") }),
    };
    expect(failing(newsFamily, companies, broken)).toEqual(["news_numbers_match_records"]);
  });
});

describe("analyst notes", () => {
  /** The first company with notes. */
  let k: number;
  beforeAll(() => void (k = companies.findIndex((c) => c.notes.length > 0)));
  const withNote = (edit: (n: Company["notes"][number]) => object) =>
    companies.with(k, {
      ...companies[k],
      notes: companies[k].notes.with(0, { ...companies[k].notes[0], ...edit(companies[k].notes[0]) }),
    });

  it("holds every rule on a generated world", () => {
    expect(failing(notesFamily, companies)).toEqual([]);
    expect(k).toBeGreaterThanOrEqual(0);
  });

  it("fails notes_match_estimates on a rating, target or prior its firm did not publish", () => {
    expect(
      failing(
        notesFamily,
        withNote((n) => ({ rating: n.rating === "buy" ? "sell" : "buy" })),
      ),
    ).toEqual(["notes_match_estimates"]);
    expect(
      failing(
        notesFamily,
        withNote((n) => ({ target_price: n.target_price + 1 })),
      ),
    ).toEqual(["notes_match_estimates"]);
    expect(
      failing(
        notesFamily,
        withNote(() => ({ prior_rating: "sell", prior_target_price: 1 })),
      ),
    ).toEqual(["notes_match_estimates"]);
  });

  it("fails notes_numbers_match_records on a number no record holds", () => {
    expect(
      failing(
        notesFamily,
        withNote((n) => ({ text: `${n.text}\n\nWe see $123.45 of upside.` })),
      ),
    ).toEqual(["notes_numbers_match_records"]);
  });
});
