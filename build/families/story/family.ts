// A scenario's story, checked: what its source says about sector leadership, inflation, the market's
// direction and what the catalyst hits (prices, statements, news) must hold on the data (the policy
// windows are checked by the rates family).
// Nothing here is served; the checks fail the build (errors) when the data contradicts the story.
import type { CompanyFacts, ValidationCheck } from "../../../src/bundle/types.ts";
import { firstOnOrAfter } from "../../models/regimes.ts";
import { forcedSwitches, hitByCatalyst, isCrisisStory, type ScenarioSource } from "../../ground/scenario-source.ts";
import type { Calendar, Checker, CompanyBase, Family } from "../../ground/family.ts";
import type { MacroTape } from "../macro/family.ts";
import type { CompanyEventsPart } from "../events/family.ts";
import type { CompanyNews, MarketNews } from "../news/family.ts";
import type { CompanyStatements } from "../statements/family.ts";
import type { Stock } from "../stocks/family.ts";
import { ruleCheck } from "../../ground/rules.ts";
import type { Exits } from "../exits/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import { crisisEpisodeCheck, crisisWindowCheck, type StoryCrisis } from "./crisis.ts";

export interface StoryPart {
  story: NonNullable<ScenarioSource["story"]> & {
    catalystDate: string | null;
    catalystIsCrisis: boolean;
    /** The sectors and industries of the failure the story names on the catalyst's day (exits.catalyst_failure); null: none. */
    catalystFailure: { sectors: string[]; industries?: string[] } | null;
    /** The crises the source forces (catalyst, regime path), and the real ones they stand for. */
    crises: StoryCrisis[];
    /** The story is a crisis: its catalyst is one, or its macro regime. */
    crisisStory: boolean;
  };
}

type Reads = Calendar & HiddenMacro & MacroTape & MarketNews & Exits;
type Company = CompanyBase & Stock & CompanyEventsPart & CompanyStatements & CompanyNews;

const FAMILY = "story";
/** Inflation expectations must move at least this much (points) to count as rising or falling. */
const INFLATION_MOVE = 0.25;
/** Days averaged at each end of the scenario for the inflation direction. */
const ENDS = 21;

/** Sums over the company pass: each sector's start caps and start-cap-weighted total returns. */
class Leadership {
  private readonly sectors = new Map<string, { cap: number; weighted: number }>();

  add({ facts, stock: { bars, shares } }: Company): void {
    if (bars.length < 2) return;
    const cap = bars[0].close * shares[0];
    const totalReturn = bars[bars.length - 1].adjusted_close / bars[0].adjusted_close - 1;
    const s = this.sectors.get(facts.sector) ?? { cap: 0, weighted: 0 };
    s.cap += cap;
    s.weighted += cap * totalReturn;
    this.sectors.set(facts.sector, s);
  }

  check(story: StoryPart["story"]): ValidationCheck {
    const leading = story.sectors?.leading ?? [];
    const lagging = story.sectors?.lagging ?? [];
    const violations: string[] = [];
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    /** Cap-weighted total return of the companies in (or outside) a set of sectors. */
    const returnOf = (sectors: string[], inside: boolean) => {
      let cap = 0;
      let weighted = 0;
      for (const [sector, s] of this.sectors) {
        if (sectors.includes(sector) !== inside) continue;
        cap += s.cap;
        weighted += s.weighted;
      }
      return cap > 0 ? weighted / cap : null;
    };
    // A leading sector beats the companies outside the leading sectors (in a mega-cap world the
    // leaders are most of the index), a lagging one trails those outside the lagging sectors.
    for (const [sectors, leads] of [
      [leading, true],
      [lagging, false],
    ] as const) {
      const rest = returnOf(sectors, false);
      for (const sector of sectors) {
        const r = returnOf([sector], true);
        if (r === null) violations.push(`${sector}: no company in the universe`);
        else if (rest !== null && (leads ? r < rest : r > rest))
          violations.push(`${sector} ${pct(r)} ${leads ? "trails" : "beats"} the other sectors' ${pct(rest)}`);
      }
    }
    return ruleCheck(
      "story_sector_leadership",
      FAMILY,
      violations,
      leading.length + lagging.length,
      "each leading sector beats the cap-weighted total return of the sectors that do not lead, each lagging one trails those that do not lag",
    );
  }
}

/**
 * A company's move on one day against the market (its log return less its bar's `market_return`, the
 * market's move times its beta of the day: an event study's market-model abnormal return) and the
 * cap it started the day with. The story states the catalyst's move against the market; on a day the
 * market itself moves 2-3.5%, raw returns would set the hit names' betas against the others' too.
 */
interface DayMove {
  day: number;
  ticker: string;
  sector: string;
  r: number;
  capBefore: number;
}

export function dayMove({ facts, stock: { bars, shares } }: Company, d: number): DayMove | null {
  if (d < 1 || d >= bars.length) return null;
  const r = Math.log(bars[d].adjusted_close / bars[d - 1].adjusted_close) - bars[d].market_return;
  return { day: d, ticker: facts.ticker, sector: facts.sector, r, capBefore: bars[d - 1].close * shares[d - 1] };
}

/** On the catalyst's day, the names it hits move against the others (cap-weighted) as the story says. */
function catalystCheck(story: StoryPart["story"], moves: DayMove[]): ValidationCheck {
  const stated = story.catalyst;
  const hit = moves.filter((m) => hitByCatalyst(stated, m));
  const violations: string[] = [];
  const cap = moves.reduce((a, m) => a + m.capBefore, 0);
  const rest = moves.filter((m) => !hit.includes(m));
  const restCap = rest.reduce((a, m) => a + m.capBefore, 0);
  if (stated && cap > 0) {
    // Against the companies it does not hit (cap-weighted), as sector leadership is judged.
    const others = restCap > 0 ? Math.log(rest.reduce((a, m) => a + m.capBefore * Math.exp(m.r), 0) / restCap) : 0;
    const excess = hit.reduce((a, h) => a + h.r, 0) / hit.length - others;
    const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
    if (hit.length === 0) violations.push("no company the catalyst hits is in the universe");
    else if (!(
      Math.sign(excess) === Math.sign(stated.excess_move) && Math.abs(excess) >= Math.abs(stated.excess_move) / 2
    ))
      violations.push(`hit names moved ${pct(excess)} against the others; the story says ${pct(stated.excess_move)}`);
  }
  return ruleCheck(
    "story_catalyst_impact",
    FAMILY,
    violations,
    stated && cap > 0 ? hit.length : 0,
    "on the catalyst's day the names it hits move against the others as the story says (at least half as much)",
  );
}

/**
 * The failure the story names: a company of its sectors (and industries) files for Chapter 11 on the
 * catalyst's day, where the world holds one that can (not a mega cap, nor one the scenario names).
 */
function catalystFailureCheck(
  { days, story, exits }: Reads & StoryPart,
  filings: { facts: CompanyFacts; date: string }[],
): ValidationCheck {
  const said = story.catalystFailure;
  const date = story.catalystDate && firstOnOrAfter(days, story.catalystDate);
  const day = date ? days.indexOf(date) : -1;
  // The plan names it as a shock: a failure whose distress begins with its filing on that day.
  const planned = [...exits.values()].some((p) => p.failure?.onset === day && p.failure.filed === day);
  const named = filings.filter(
    (f) =>
      said &&
      said.sectors.includes(f.facts.sector) &&
      (!said.industries || said.industries.includes(f.facts.industry)) &&
      f.date === date,
  );
  return ruleCheck(
    "story_catalyst_failure",
    FAMILY,
    said && planned && named.length === 0
      ? [`no company of ${said.sectors.join(", ")} filed for Chapter 11 on ${date}`]
      : [],
    said && planned ? 1 : 0,
    "the failure the story names: a company of its sectors (and industries) files for Chapter 11 on the catalyst's day, where the world holds one that can",
  );
}

/** The days of the events the story's membership counts, by type (takeover agreements, filings, listings). */
type MembershipDays = Record<"merger_agreement" | "bankruptcy_filing" | "initial_public_offering", string[]>;

/** What the story says of the companies that leave and join: at least so many of each; more listings in the boom. */
function membershipChecks({ story, days }: Reads & StoryPart, seen: MembershipDays): ValidationCheck[] {
  const said = story.membership;
  const least = (name: string, min: number | undefined, type: keyof MembershipDays, what: string) =>
    ruleCheck(
      name,
      FAMILY,
      min !== undefined && seen[type].length < min ? [`${seen[type].length} ${what}, fewer than ${min}`] : [],
      min === undefined ? 0 : 1,
      `the story's ${what}: at least the number it states`,
    );
  const cycle = said?.listing_cycle;
  const perYear = (w: { from: string; to: string }) => {
    const inside = days.filter((d) => d >= w.from && d <= w.to).length;
    const listed = seen.initial_public_offering.filter((d) => d >= w.from && d <= w.to).length;
    return inside ? (listed * 252) / inside : 0;
  };
  const [boom, bust] = cycle ? [perYear(cycle.boom), perYear(cycle.bust)] : [0, 0];
  return [
    least("story_takeovers", said?.takeovers, "merger_agreement", "takeover agreements"),
    least("story_failures", said?.failures, "bankruptcy_filing", "Chapter 11 filings"),
    least("story_listings", said?.listings, "initial_public_offering", "new listings"),
    ruleCheck(
      "story_listing_cycle",
      FAMILY,
      cycle && !(boom > bust) ? [`${boom.toFixed(1)} listings a year in the boom, ${bust.toFixed(1)} in the bust`] : [],
      cycle ? 1 : 0,
      "more companies list a year in the story's boom than in its bust",
    ),
  ];
}

/** A company's quarterly net income, as its statements report it, for the crisis check. */
interface ReportedQuarters {
  facts: CompanyFacts;
  quarters: { end: string; netIncome: number }[];
}

/**
 * A crisis the story says hits sectors or names reaches their statements: their net income over
 * the four quarters from the one it hits is at most half that of the four before (write-downs and
 * reserve builds: models/fundamentals.ts CRISIS_CHARGES). Companies without all eight quarters
 * reported (a crisis near the end, or after a view's date) are not judged.
 */
function crisisEarningsCheck(story: StoryPart["story"], companies: ReportedQuarters[]): ValidationCheck {
  const date = story.catalystDate;
  let [before, after, judged] = [0, 0, 0];
  for (const { facts, quarters } of companies) {
    if (!date || !story.catalystIsCrisis || !hitByCatalyst(story.catalyst, facts)) continue;
    const k = quarters.findIndex((q) => q.end >= date);
    if (k < 4 || k + 4 > quarters.length) continue;
    const sum = (list: typeof quarters) => list.reduce((a, q) => a + q.netIncome, 0);
    before += sum(quarters.slice(k - 4, k));
    after += sum(quarters.slice(k, k + 4));
    judged++;
  }
  const bn = (x: number) => `$${(x / 1e9).toFixed(1)}bn`;
  const fell = after <= (before > 0 ? before / 2 : before);
  return ruleCheck(
    "story_crisis_earnings",
    FAMILY,
    judged && !fell
      ? [`the hit names earned ${bn(after)} in the crisis's four quarters, ${bn(before)} in the four before`]
      : [],
    judged,
    "the names a crisis hits earn at most half as much in the four quarters from it as in the four before",
  );
}

/** A company's quarterly revenue as reported, for the catalyst's statements check. */
interface ReportedRevenue {
  facts: CompanyFacts;
  quarters: { end: string; revenue: number }[];
}

/** Quarters that make the comparison: the four that end before the catalyst, and up to four that begin after it. */
const QUARTERS_AROUND = 4;

/**
 * A catalyst the story says moves the hit names' business (`revenue_move`) reaches their statements:
 * their revenue from the quarters that begin after it over the four that end before it grows (in
 * logs) by at least half the stated move more, or less, than the other companies' does. A company
 * needs the four before and two after to be judged (a view that ends sooner judges none; the
 * library's static checks leave room for them, theme-source.ts).
 */
function catalystStatementsCheck(story: StoryPart["story"], companies: ReportedRevenue[]): ValidationCheck {
  const move = story.catalyst?.revenue_move;
  const date = story.catalystDate;
  const growth: { hit: number[]; rest: number[] } = { hit: [], rest: [] };
  if (move !== undefined && date) {
    const after = new Date(Date.parse(date) + 90 * 86_400_000).toISOString().slice(0, 10);
    for (const { facts, quarters } of companies) {
      const before = quarters.filter((q) => q.end < date).slice(-QUARTERS_AROUND);
      const later = quarters.filter((q) => q.end >= after).slice(0, QUARTERS_AROUND);
      if (before.length < QUARTERS_AROUND || later.length < 2) continue;
      const mean = (qs: typeof quarters) => qs.reduce((a, q) => a + q.revenue, 0) / qs.length;
      if (mean(before) <= 0 || mean(later) <= 0) continue;
      (hitByCatalyst(story.catalyst, facts) ? growth.hit : growth.rest).push(Math.log(mean(later) / mean(before)));
    }
  }
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const violations: string[] = [];
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  if (move !== undefined && growth.hit.length && growth.rest.length) {
    const excess = avg(growth.hit) - avg(growth.rest);
    if (!(Math.sign(excess) === Math.sign(move) && Math.abs(excess) >= Math.abs(move) / 2))
      violations.push(`the hit names' revenue grew ${pct(excess)} against the others'; the story says ${pct(move)}`);
  }
  return ruleCheck(
    "story_catalyst_statements",
    FAMILY,
    violations,
    growth.hit.length,
    "the hit names' revenue after the catalyst moves against the other companies' as the story's revenue_move says (at least half)",
  );
}

/**
 * The catalyst is in the news: market articles report it within three trading days of its date, and
 * when it hits named sectors or companies, an article reports a hit company's own move.
 */
function catalystNewsCheck(world: Reads & StoryPart, hit: { reported: boolean }[]): ValidationCheck {
  const date = world.story.catalystDate;
  const k = date ? world.days.findIndex((d) => d >= date) : -1;
  const violations: string[] = [];
  if (k >= 0) {
    const until = world.days[Math.min(world.days.length - 1, k + 3)];
    const reported = world.marketNews.some(
      (a) => a.event_lineage.event_type === "macro_catalyst" && a.date >= world.days[k] && a.date <= until,
    );
    if (!reported) violations.push(`no article reports the catalyst by ${until}`);
    if (hit.length > 0 && !hit.some((c) => c.reported)) violations.push("no article reports a hit company's move");
  }
  return ruleCheck(
    "story_catalyst_news",
    FAMILY,
    violations,
    k >= 0 ? 1 + hit.length : 0,
    "articles report the catalyst within three trading days, and a hit company's move on it",
  );
}

function inflationCheck(world: Reads & StoryPart): ValidationCheck {
  const direction = world.story.inflation;
  const violations: string[] = [];
  const series = world.macro.map((m) => m.inflation_expectation);
  if (direction && series.length >= 2 * ENDS) {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const change = mean(series.slice(-ENDS)) - mean(series.slice(0, ENDS));
    const holds =
      direction === "rising"
        ? change >= INFLATION_MOVE
        : direction === "falling"
          ? change <= -INFLATION_MOVE
          : Math.abs(change) < 4 * INFLATION_MOVE;
    if (!holds)
      violations.push(`inflation expectations moved ${change.toFixed(2)} points; the story says ${direction}`);
  }
  return ruleCheck(
    "story_inflation_direction",
    FAMILY,
    violations,
    direction ? 1 : 0,
    `inflation expectations (macro tape) over the first and last ${ENDS} days move as the story says`,
  );
}

/**
 * The market's direction: its total return (the macro tape's market_return, which the broad index
 * funds track) summed over the world, which the report sees to the current date.
 */
function marketCheck(world: Reads & StoryPart): ValidationCheck {
  const direction = world.story.market;
  const violations: string[] = [];
  if (direction && world.macro.length >= 2) {
    const total = world.macro.slice(1).reduce((sum, m) => sum + m.market_return, 0);
    if ((direction === "rising") !== total > 0)
      violations.push(
        `the market's total return was ${(100 * Math.expm1(total)).toFixed(1)}%; the story says ${direction}`,
      );
  }
  return ruleCheck(
    "story_market_direction",
    FAMILY,
    violations,
    direction ? 1 : 0,
    "the market's total return from the first day to the last (macro tape) has the direction the story says",
  );
}

/** Each company's move on the catalyst's day (null when the day is not in the world or its view). */
export interface StoryCompanyPart {
  catalystMove: DayMove | null;
}

const catalystIndex = (days: string[], story: StoryPart["story"]) => {
  const date = story.catalystDate ? firstOnOrAfter(days, story.catalystDate) : undefined;
  return date ? days.indexOf(date) : -1;
};

export const story: Family<
  Reads,
  StoryPart,
  Stock & CompanyEventsPart & CompanyStatements & CompanyNews,
  StoryCompanyPart
> = {
  name: "story",
  generate: (_, { source }) => ({
    story: {
      policy: [],
      ...source.story,
      catalystDate: source.catalyst?.date ?? null,
      catalystIsCrisis: source.catalyst?.regime === "crisis",
      catalystFailure: source.exits?.catalyst_failure ?? null,
      crises: forcedSwitches(source)
        .filter((c) => c.regime === "crisis")
        .map((c) => ({ date: c.date, episode: c.episode ?? null })),
      crisisStory: isCrisisStory(source),
    },
  }),
  context: (world) => ({ story: world.story }),
  company: (world, company) => ({ catalystMove: dayMove(company, catalystIndex(world.days, world.story)) }),
  // A view that ends before the catalyst's day has no move on it.
  companyContext: ({ catalystMove }, cut) => ({
    catalystMove: catalystMove && catalystMove.day < cut.days ? catalystMove : null,
  }),
  companySince: ({ catalystMove }, since) => ({
    catalystMove: catalystMove && catalystMove.day >= since.day ? catalystMove : null,
  }),
  companyChecks: (): Checker<Reads & StoryPart, Company & StoryCompanyPart> => {
    const leadership = new Leadership();
    const moves: DayMove[] = [];
    const reported: ReportedQuarters[] = [];
    const revenues: ReportedRevenue[] = [];
    /** Companies that moved on the catalyst's day, and whether an article reported their move. */
    const impacts: { facts: CompanyFacts; reported: boolean }[] = [];
    /** Companies that filed for Chapter 11, with the day. */
    const filings: { facts: CompanyFacts; date: string }[] = [];
    const membership: MembershipDays = { merger_agreement: [], bankruptcy_filing: [], initial_public_offering: [] };
    return {
      company: (company) => {
        leadership.add(company);
        for (const e of company.events) {
          if (e.event_type === "bankruptcy_filing") filings.push({ facts: company.facts, date: e.event_date });
          if (e.event_type in membership) membership[e.event_type as keyof MembershipDays].push(e.event_date);
        }
        if (company.catalystMove) moves.push(company.catalystMove);
        const quarterly = company.statements.filter((s) => s.period === "quarterly");
        reported.push({
          facts: company.facts,
          quarters: quarterly.map((s) => ({ end: s.reportPeriod, netIncome: s.income.net_income })),
        });
        revenues.push({
          facts: company.facts,
          quarters: quarterly.map((s) => ({ end: s.reportPeriod, revenue: s.income.revenue })),
        });
        if (company.catalystMove)
          impacts.push({
            facts: company.facts,
            reported: company.news.some((a) => a.event_lineage.event_type === "catalyst_impact"),
          });
      },
      finish: (world) => [
        leadership.check(world.story),
        inflationCheck(world),
        marketCheck(world),
        crisisWindowCheck(world),
        crisisEpisodeCheck(world),
        catalystCheck(world.story, moves),
        crisisEarningsCheck(world.story, reported),
        catalystStatementsCheck(world.story, revenues),
        catalystNewsCheck(
          world,
          impacts.filter((c) => hitByCatalyst(world.story.catalyst, c.facts)),
        ),
        catalystFailureCheck(world, filings),
        ...membershipChecks(world, membership),
      ],
    };
  },
};
