// Institutional holdings (13F-HR): invented investment managers and what they report holding at
// each calendar quarter's end. Index managers hold a fixed fraction of every company, so their
// weights are cap weights; active managers and hedge funds share the rest of a company's
// institutional ownership, each holding a name for a while (membership) at a conviction that walks.
// Everything is drawn from labelled streams: the managers from `holdings/managers`, each filing date
// from its manager-quarter's, each company's stakes from `holdings/<ticker>`.
import { beneficialId, holdingId, type BeneficialOwner } from "../../../src/families/holdings/rows.ts";
import type { SizeTier } from "../../models/anchors.ts";
import { addDays, tradingDays } from "../../models/calendar.ts";
import type { Rng } from "../../ground/rng.ts";
import { round2, round6 } from "../../models/rounding.ts";

export type ManagerKind = "index" | "active" | "hedge_fund";

export interface Manager {
  /** Synthetic, 10 digits zero-padded, in a range no real filer uses (9,100,000 and up). */
  cik: string;
  /** Invented (coined words): never a real firm. */
  name: string;
  kind: ManagerKind;
  /** Index managers: the fraction of every company's shares they hold (0 for the others). */
  indexShare: number;
  /** Active and hedge: how many names it holds, as a multiple of its kind's rate by size tier. */
  breadth: number;
  /** Active and hedge: the relative size of its positions against other holders of a name. */
  scale: number;
}

/** One calendar quarter whose 13F-HRs fall in the world. */
export interface FilingQuarter {
  /** The calendar quarter's last day (YYYY-03-31, -06-30, -09-30, -12-31). */
  reportPeriod: string;
  /** Index in the world's days of the last trading day on or before it: holdings are valued at its close. */
  day: number;
  /** Filing date by manager CIK: managers whose filing would come after the world's last day are absent. */
  filed: Record<string, string>;
}

/** A 13F information-table line as stored: the contract's fields (docs/contract.md) less those composed when served. */
export interface Holding {
  id: string;
  cik: string;
  report_period: string;
  ticker: string;
  shares: number;
  market_value: number;
  /** Shares less the previous quarter's restated for the splits in between; null in the manager's first quarter. */
  change_shares: number | null;
  filing_date: string;
  /** The close of the quarter's last trading day, at which the position is valued. */
  reported_price: number;
  details: HoldingDetails;
}

export type PositionStatus = "new" | "increased" | "decreased" | "unchanged";

export interface HoldingDetails {
  manager_type: ManagerKind;
  /** Against the previous quarter's position (split-adjusted); null in the manager's first quarter. */
  position_status: PositionStatus | null;
  /** Shares over the company's shares outstanding on the valuation day. */
  percent_of_shares_outstanding: number;
  valuation_date: string;
  investment_discretion: "SOLE";
}

/** A non-index manager's position first reported at 5% or more of the shares, or crossing 5% (for news). */
export interface LargeStake {
  cik: string;
  manager: string;
  ticker: string;
  report_period: string;
  filing_date: string;
  shares: number;
  percent: number;
  reason: "first_report" | "new_position" | "crossed_5pct";
}

export const LARGE_STAKE = 0.05;
/** A Schedule 13G is amended when the stake has moved this much (of the shares) since its last filing. */
export const AMENDMENT_STEP = 0.01;
/** SEC rule 13f-1: within 45 days of the quarter's end. */
export const FILING_DEADLINE_DAYS = 45;

/** Each index manager's fraction of every company: together a fifth of the shares, as the big three hold. */
const INDEX_SHARES = [0.085, 0.065, 0.045];
const ACTIVE_MANAGERS = 8;
const HEDGE_FUNDS = 8;

/**
 * Institutional ownership by size tier (docs/realism.md, "Institutional holdings": large caps 60-85%
 * held by 13F filers, lower for small caps): each company's share wanders inside its band.
 */
export const OWNERSHIP_BANDS: Record<SizeTier, { min: number; max: number }> = {
  mega: { min: 0.6, max: 0.85 },
  large: { min: 0.6, max: 0.85 },
  mid: { min: 0.45, max: 0.75 },
  small: { min: 0.25, max: 0.6 },
};

/** How a kind of manager picks and trades names. */
interface Style {
  /** Long-run probability of holding a name, by size tier (before the manager's breadth). */
  holds: Record<SizeTier, number>;
  /** Probability a quarter of selling out of a name held. */
  exit: number;
  /** Quarterly sd of the log conviction, which reverts at CONVICTION_PERSISTENCE. */
  conviction: number;
}

const STYLES: Record<Exclude<ManagerKind, "index">, Style> = {
  active: { holds: { mega: 0.75, large: 0.6, mid: 0.45, small: 0.35 }, exit: 0.08, conviction: 0.38 },
  // Fewer names, smaller positions (scale below), traded harder.
  hedge_fund: { holds: { mega: 0.45, large: 0.35, mid: 0.25, small: 0.2 }, exit: 0.1, conviction: 0.4 },
};
const CONVICTION_PERSISTENCE = 0.5;
/** Non-index holders of every company, at least. */
const MIN_HOLDERS = 3;
/** Persistence and quarterly sd of the ownership's position in its band (a logit). */
const OWNERSHIP_PERSISTENCE = 0.85;
const OWNERSHIP_SHOCK = 0.35;

// Coined words for manager names (never a real firm), apart from the brokers' stems of names.ts.
export const MANAGER_STEMS = [
  "Avendrel",
  "Brisquell",
  "Corvathane",
  "Dunmarrow",
  "Eskerholt",
  "Fernwraith",
  "Galloquin",
  "Harrowynd",
  "Istervane",
  "Jorvallen",
  "Lunnevar",
  "Morrowquist",
  "Nethercaul",
  "Pevensage",
  "Quarrowby",
  "Rostervane",
  "Sablethorne",
  "Tarrowind",
  "Ulvercombe",
  "Vesperholt",
  "Wendlemoor",
  "Yarrowquin",
  "Zelmarch",
  "Drossmerel",
  "Carnavelle",
  "Ombrecourt",
];
const SUFFIXES: Record<ManagerKind, string[]> = {
  index: ["Index Advisors", "Asset Management", "Global Investors"],
  active: ["Capital Management", "Investment Management", "Asset Management", "Investment Counsel"],
  hedge_fund: ["Partners", "Capital", "Capital Partners", "Fund Management"],
};
/** Synthetic CIKs start here: real ones (companies.csv, etfs_major.csv) are below 2,200,000. */
const FIRST_CIK = 9_100_000;

const cikOf = (n: number) => String(n).padStart(10, "0");

/** The managers of a world: three index managers, then active managers, then hedge funds. */
export function managersOf(rng: Rng): Manager[] {
  const stems = rng.shuffle(MANAGER_STEMS);
  const ciks = new Set<number>();
  const kinds: ManagerKind[] = [
    ...INDEX_SHARES.map((): ManagerKind => "index"),
    ...Array.from({ length: ACTIVE_MANAGERS }, (): ManagerKind => "active"),
    ...Array.from({ length: HEDGE_FUNDS }, (): ManagerKind => "hedge_fund"),
  ];
  return kinds.map((kind, k) => {
    let cik: number;
    do cik = FIRST_CIK + rng.int(0, 899_999);
    while (ciks.has(cik));
    ciks.add(cik);
    const lognormal = (mu: number, sd: number) => Math.exp(mu + sd * rng.normal());
    return {
      cik: cikOf(cik),
      name: `${stems[k]} ${rng.pick(SUFFIXES[kind])}`,
      kind,
      indexShare: kind === "index" ? INDEX_SHARES[k] : 0,
      breadth: kind === "index" ? 1 : Math.min(1.3, lognormal(0, 0.2)),
      // Large active managers' positions outweigh hedge funds' in the names both hold.
      scale: kind === "index" ? 1 : kind === "active" ? lognormal(0.3, 0.4) : lognormal(-0.9, 0.4),
    };
  });
}

/** Calendar days after the quarter's end a kind files by: index managers 30-45, active 20-45, hedge funds 38-45. */
const LAG_DAYS: Record<ManagerKind, [number, number]> = { index: [30, 45], active: [20, 45], hedge_fund: [38, 45] };

/** The last day of each calendar quarter from `first`'s quarter to `last`'s. */
function quarterEnds(first: string, last: string): string[] {
  const out: string[] = [];
  for (let y = Number(first.slice(0, 4)); y <= Number(last.slice(0, 4)); y++)
    for (const md of ["03-31", "06-30", "09-30", "12-31"]) out.push(`${y}-${md}`);
  return out;
}

/**
 * The quarters whose 13F-HRs fall in the world: the quarter's last trading day is a day of the world,
 * and at least one manager files by the world's last day. Each manager's filing date is a trading
 * day 1-45 calendar days after the quarter's end, from the manager-quarter's own stream, so it does
 * not depend on where the world ends.
 */
export function filingQuarters(days: string[], managers: Manager[], rngOf: (label: string) => Rng): FilingQuarter[] {
  const index = new Map(days.map((d, i) => [d, i]));
  const last = days[days.length - 1];
  const out: FilingQuarter[] = [];
  for (const reportPeriod of quarterEnds(days[0], last)) {
    // The quarter's last trading day, found in the world only if the world goes past the quarter.
    if (reportPeriod >= last) continue;
    const quarterDays = tradingDays(addDays(reportPeriod, -10), reportPeriod);
    const day = index.get(quarterDays[quarterDays.length - 1]);
    if (day === undefined) continue;
    const filed: Record<string, string> = {};
    for (const m of managers) {
      const [lo, hi] = LAG_DAYS[m.kind];
      const r = rngOf(`holdings/filing/${m.cik}/${reportPeriod}`);
      const lag = lo + Math.floor(r.uniform() * (hi - lo + 1));
      const open = tradingDays(addDays(reportPeriod, 1), addDays(reportPeriod, lag));
      const date = open[open.length - 1];
      if (date <= last) filed[m.cik] = date;
    }
    if (Object.keys(filed).length > 0) out.push({ reportPeriod, day, filed });
  }
  return out;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Each quarter's fraction of the company's shares outstanding held by each manager (in the
 * managers' order; 0 where it holds none). Index managers hold their fixed fraction. The rest of
 * the company's institutional ownership (in its tier's band, wandering as a logit AR(1)) is shared
 * by the active managers and hedge funds holding it, in proportion to scale x exp(conviction):
 * each enters and exits as a two-state chain whose long-run share is its kind's rate for the tier
 * times its breadth, and its log conviction reverts with its kind's noise. A company always has
 * MIN_HOLDERS non-index holders: with fewer, the likeliest others enter.
 */
export function stakeFractions(tier: SizeTier, managers: Manager[], quarters: number, rng: Rng): number[][] {
  const band = OWNERSHIP_BANDS[tier];
  const indexed = managers.reduce((sum, m) => sum + m.indexShare, 0);
  const stationarySd = (sd: number) => sd / Math.sqrt(1 - CONVICTION_PERSISTENCE ** 2);
  const holdsProbability = (m: Manager) =>
    m.kind === "index" ? 1 : Math.min(0.95, STYLES[m.kind].holds[tier] * m.breadth);
  let level = (OWNERSHIP_SHOCK / Math.sqrt(1 - OWNERSHIP_PERSISTENCE ** 2)) * rng.normal();
  const member = managers.map((m) => m.kind === "index" || rng.uniform() < holdsProbability(m));
  const conviction = managers.map((m) =>
    m.kind === "index" ? 0 : stationarySd(STYLES[m.kind].conviction) * rng.normal(),
  );
  const out: number[][] = [];
  for (let q = 0; q < quarters; q++) {
    if (q > 0) {
      level = OWNERSHIP_PERSISTENCE * level + OWNERSHIP_SHOCK * rng.normal();
      managers.forEach((m, j) => {
        if (m.kind === "index") return;
        const style = STYLES[m.kind];
        const p = holdsProbability(m);
        // Entry rate such that the chain's long-run share of quarters held is p.
        const enter = (style.exit * p) / (1 - p);
        const u = rng.uniform();
        const shock = rng.normal();
        if (member[j]) {
          member[j] = u >= style.exit;
          conviction[j] = CONVICTION_PERSISTENCE * conviction[j] + style.conviction * shock;
        } else if (u < enter) {
          member[j] = true;
          conviction[j] = stationarySd(style.conviction) * shock;
        }
      });
    }
    // Too few holders would each hold a fifth of the company: the likeliest others enter.
    const outside = managers
      .map((m, j) => j)
      .filter((j) => managers[j].kind !== "index" && !member[j])
      .sort((a, b) => holdsProbability(managers[b]) - holdsProbability(managers[a]) || a - b);
    const holders = managers.filter((m, j) => m.kind !== "index" && member[j]).length;
    for (const j of outside.slice(0, Math.max(0, MIN_HOLDERS - holders))) member[j] = true;
    const ownership = band.min + (band.max - band.min) * sigmoid(level);
    const weight = managers.map((m, j) => (m.kind !== "index" && member[j] ? m.scale * Math.exp(conviction[j]) : 0));
    const total = weight.reduce((a, b) => a + b, 0);
    out.push(managers.map((m, j) => (m.kind === "index" ? m.indexShare : ((ownership - indexed) * weight[j]) / total)));
  }
  return out;
}

/** What the holdings of one company are made from. */
export interface StakeInput {
  ticker: string;
  managers: Manager[];
  quarters: FilingQuarter[];
  /** Per quarter, each manager's fraction of the shares (stakeFractions). */
  fractions: number[][];
  /** Per day: the close, the shares outstanding, and how many shares one day-0 share has become by splits. */
  closes: ArrayLike<number>;
  shares: ArrayLike<number>;
  splitMultiple: ArrayLike<number>;
  days: string[];
  /** Index of the company's first trading day, where it lists inside the world. */
  listed?: number;
}

/** Shares held before, restated for the splits gone ex between the two valuation days. */
export function splitAdjusted(previous: number, splitMultiple: ArrayLike<number>, from: number, to: number): number {
  return Math.round((previous * splitMultiple[to]) / splitMultiple[from]);
}

/**
 * The company's 13F lines, by quarter then manager: one per manager filing that quarter with a
 * position (exited positions have no line: a 13F lists holdings only).
 */
export function holdingsOf(input: StakeInput): Holding[] {
  const { ticker, managers, quarters, fractions, closes, shares, splitMultiple, days } = input;
  const out: Holding[] = [];
  /** Per manager: shares at its previous filing and that filing's day (none before its first). */
  const previous = new Map<string, { shares: number; day: number }>();
  quarters.forEach((quarter, q) => {
    const { day, reportPeriod } = quarter;
    const outstanding = shares[day];
    const close = closes[day];
    managers.forEach((m, j) => {
      const filingDate = quarter.filed[m.cik];
      if (filingDate === undefined) return;
      // Before a company lists, no manager can hold it: a position after is new.
      const held = day < (input.listed ?? 0) ? 0 : Math.round(fractions[q][j] * outstanding);
      const before = previous.get(m.cik);
      previous.set(m.cik, { shares: held, day });
      if (held <= 0) return;
      const restated = before ? splitAdjusted(before.shares, splitMultiple, before.day, day) : null;
      const change = restated === null ? null : held - restated;
      out.push({
        id: holdingId(m.cik, reportPeriod, ticker),
        cik: m.cik,
        report_period: reportPeriod,
        ticker,
        shares: held,
        market_value: round2(held * close),
        change_shares: change,
        filing_date: filingDate,
        reported_price: close,
        details: {
          manager_type: m.kind,
          position_status: positionStatus(restated, change),
          percent_of_shares_outstanding: round6(held / outstanding),
          valuation_date: days[day],
          investment_discretion: "SOLE",
        },
      });
    });
  });
  return out;
}

function positionStatus(restated: number | null, change: number | null): PositionStatus | null {
  if (restated === null || change === null) return null;
  if (restated === 0) return "new";
  return change > 0 ? "increased" : change < 0 ? "decreased" : "unchanged";
}

/**
 * Non-index positions at 5% of the shares or more when first reported (in the manager's first
 * quarter, or as a new position), or that crossed 5% from below since the quarter before.
 */
export function largeStakesOf(holdings: Holding[], managers: Manager[]): LargeStake[] {
  const byCik = new Map(managers.map((m) => [m.cik, m]));
  const before = new Map<string, number>();
  const out: LargeStake[] = [];
  for (const h of holdings) {
    const m = byCik.get(h.cik)!;
    if (m.kind === "index") continue;
    const percent = h.details.percent_of_shares_outstanding;
    const status = h.details.position_status;
    const reason =
      status === null
        ? "first_report"
        : status === "new"
          ? "new_position"
          : (before.get(h.cik) ?? 0) < LARGE_STAKE
            ? "crossed_5pct"
            : null;
    before.set(h.cik, percent);
    if (percent < LARGE_STAKE || reason === null) continue;
    out.push({
      cik: h.cik,
      manager: m.name,
      ticker: h.ticker,
      report_period: h.report_period,
      filing_date: h.filing_date,
      shares: h.shares,
      percent,
      reason,
    });
  }
  return out;
}

/**
 * Schedules 13G of one company, in filing order: a manager whose stake reaches 5% of the shares at
 * a quarter's end files an SC 13G with its 13F of the quarter (within 45 days of its end), and an
 * SC 13G/A when the stake has moved a point or more since its last filing, or fallen below 5% (an
 * exit: the chain ends, and a later crossing starts another). Every manager is a passive investor.
 * A stake already above 5% in the manager's first quarter in the world is filed then: the world
 * does not know when it was crossed.
 */
export function beneficialOwnersOf(
  ticker: string,
  issuer: string,
  holdings: Holding[],
  managers: Manager[],
  quarters: FilingQuarter[],
): BeneficialOwner[] {
  const lines = new Map(holdings.map((h) => [`${h.cik} ${h.report_period}`, h]));
  /** Per manager, the percent of its last filing while its stake is above 5%. */
  const filed = new Map<string, number>();
  const out: BeneficialOwner[] = [];
  for (const { reportPeriod, filed: dates } of quarters)
    for (const m of managers) {
      const filingDate = dates[m.cik];
      if (filingDate === undefined) continue;
      const line = lines.get(`${m.cik} ${reportPeriod}`);
      const percent = line?.details.percent_of_shares_outstanding ?? 0;
      const last = filed.get(m.cik);
      const form =
        last === undefined
          ? percent >= LARGE_STAKE
            ? "SC 13G"
            : null
          : percent < LARGE_STAKE || Math.abs(percent - last) >= AMENDMENT_STEP - 1e-9
            ? "SC 13G/A"
            : null;
      if (form === null) continue;
      if (percent < LARGE_STAKE) filed.delete(m.cik);
      else filed.set(m.cik, percent);
      const shares = line?.shares ?? 0;
      out.push({
        id: beneficialId(m.cik, ticker, filingDate),
        ticker,
        issuer,
        filer_cik: m.cik,
        reporting_person_name: m.name,
        type_of_reporting_person: "IA",
        type: "passive",
        form_type: form,
        is_amendment: form === "SC 13G/A",
        title_of_class: "Common Stock",
        event_date: reportPeriod,
        filing_date: filingDate,
        percent_of_class: round2(percent * 100),
        aggregate_amount_beneficially_owned: shares,
        sole_voting_power: shares,
        shared_voting_power: 0,
        sole_dispositive_power: shares,
        shared_dispositive_power: 0,
        purpose_of_transaction: null,
      });
    }
  return out;
}
