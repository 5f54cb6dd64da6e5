// Risk factors (10-K Item 1A; a 10-Q's Part II, Item 1A): the sector's and the general risks every
// company of its sector states, and the risks its situation adds, read from its records: a loss, a
// going-concern doubt, leverage, falling revenue, a pending sale, an acquisition, a lawsuit, a
// regulator's action, a new officer, a recent listing, a bankruptcy. A 10-Q states only what arose
// since the annual report. The prose is risks.yaml's; a body is drawn per filing.
import type { IncomeStatement } from "../../../src/families/statements/rows.ts";
import type { WorldEvent } from "../../models/events.ts";
import type { SizeTier } from "../../models/anchors.ts";
import type { Rng } from "../../ground/rng.ts";
import type { PeriodRows } from "./mda.ts";
import { RISK_HEADINGS, RISKS, SITUATIONS, type Risk, type Situation } from "./prose.ts";

/** What a report's risks are read from: its rows, the year before, and the company's public events by the filing date. */
export interface RiskRecords {
  rows: PeriodRows;
  prior: IncomeStatement | null;
  goingConcern: boolean;
  /** The company's events public by the filing date. */
  events: WorldEvent[];
  /** The last fiscal year's end before the report's period: events after it are this year's. */
  yearEnded: string;
  filingDate: string;
}

/** A listing this recent (in years) is still a risk of its own. */
const RECENT_LISTING_YEARS = 3;
/** Debt above this multiple of equity, or of a year's operating cash flow, is high leverage. */
const LEVERAGE = { equity: 2, operatingCash: 5 };

const yearsBefore = (date: string, years: number) => `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;

/** Whether the company agreed to be bought and the deal had neither closed nor ended by the filing date. */
function pendingSale(events: WorldEvent[]): boolean {
  const deals = events.filter((e) => e.event_type.startsWith("merger_") && e.event_type !== "merger_rumor");
  return deals.at(-1)?.event_type === "merger_agreement";
}

/** The situations a report's records call for, in SITUATIONS' order. */
export function situationsOf(r: RiskRecords): Situation[] {
  const { income, balance, cashFlow } = r.rows;
  const thisYear = (type: string) => r.events.some((e) => e.event_type === type && e.event_date > r.yearEnded);
  const debt = balance.total_debt ?? 0;
  const equity = balance.shareholders_equity ?? 0;
  const operating = cashFlow.net_cash_flow_from_operations ?? 0;
  const holds: Record<Situation, boolean> = {
    net_loss: income.net_income! < 0,
    recurring_losses: income.net_income! < 0 && (r.prior?.net_income ?? 0) < 0,
    going_concern: r.goingConcern,
    high_leverage:
      debt > 0 &&
      (equity <= 0 || debt > LEVERAGE.equity * equity || debt > LEVERAGE.operatingCash * Math.max(operating, 0)),
    revenue_decline: r.prior !== null && income.revenue! < r.prior.revenue!,
    pending_merger: pendingSale(r.events),
    acquisition_integration: thisYear("acquisition_completed"),
    litigation: thisYear("lawsuit"),
    regulatory_action: thisYear("regulatory_action"),
    leadership_transition: thisYear("management_change"),
    recent_listing: r.events.some(
      (e) =>
        e.event_type === "initial_public_offering" && e.event_date > yearsBefore(r.filingDate, RECENT_LISTING_YEARS),
    ),
    bankruptcy: r.events.some((e) => e.event_type === "bankruptcy_filing"),
  };
  return SITUATIONS.filter((s) => holds[s]);
}

/** Situations an event brings, which a 10-Q reports when they arose since the annual report. */
const EVENT_SITUATIONS: ReadonlySet<Situation> = new Set([
  "pending_merger",
  "acquisition_integration",
  "litigation",
  "regulatory_action",
  "leadership_transition",
  "bankruptcy",
]);

/** How many of the sector's and the general risks a 10-K states, by size (larger filers state more). */
const STATED: Record<SizeTier, { sector: number; general: number }> = {
  mega: { sector: 12, general: 20 },
  large: { sector: 12, general: 19 },
  mid: { sector: 10, general: 13 },
  small: { sector: 9, general: 10 },
};

/** What each group of general risks is headed in a 10-K. */
const HEADINGS: Record<(typeof RISK_HEADINGS)[number], string> = {
  operations: "Risks related to our operations",
  legal: "Risks related to legal and regulatory matters",
  financial: "Risks related to our financial condition and reporting",
  stock: "Risks related to our common stock",
  general: "General risks",
};

/** A risk as a 10-K sets it: its title, a body and, where the prose has them, a further paragraph. */
const written = (risk: Risk, rng: Rng) =>
  [risk.title, rng.pick(risk.bodies), ...(risk.more ? [rng.pick(risk.more)] : [])].join("\n\n");

/** The situational risks' titles a report must state (the check reads them). */
export const situationTitles = (situations: Situation[]) =>
  situations.flatMap((s) => RISKS.situational[s].map((r) => r.title));

function situational(situations: Situation[], rng: Rng): string[] {
  return situations.flatMap((s) => RISKS.situational[s].map((risk) => written(risk, rng)));
}

/** The general risks a 10-K states (but those its sector's own risks state), drawn at random and set under their headings. */
function generalRisks(sector: keyof typeof RISKS.sector, count: number, rng: Rng): string[] {
  const apply = RISKS.general.filter((r) => !r.except_sectors?.includes(sector));
  const drawn = rng.shuffle(apply).slice(0, count);
  return RISK_HEADINGS.flatMap((h) => {
    const under = drawn.filter((r) => r.heading === h);
    return under.length ? [HEADINGS[h], ...under.map((r) => written(r, rng))] : [];
  });
}

/** A 10-K's Item 1A. */
export function annualRiskFactors(sector: string, tier: SizeTier, situations: Situation[], rng: Rng): string {
  const stated = STATED[tier];
  const known = (sector in RISKS.sector ? sector : "Industrials") as keyof typeof RISKS.sector;
  const own = situational(situations, rng);
  return [
    "An investment in our securities involves risks. The risks described below are those we consider material to our business; others we do not know of, or consider immaterial today, could also affect us.",
    ...(own.length ? ["Risks related to our current circumstances", ...own] : []),
    "Risks related to our industry",
    ...rng
      .shuffle(RISKS.sector[known])
      .slice(0, stated.sector)
      .map((r) => written(r, rng)),
    ...generalRisks(known, stated.general, rng),
  ].join("\n\n");
}

/** A 10-Q's Part II, Item 1A: the risks its events brought since the annual report, else none. */
export function quarterlyRiskFactors(situations: Situation[], rng: Rng): string {
  const arisen = situations.filter((s) => EVENT_SITUATIONS.has(s));
  if (!arisen.length)
    return "There have been no material changes to the risk factors described in the Company's most recent annual report on Form 10-K.";
  return [
    "Except as set out below, there have been no material changes to the risk factors described in the Company's most recent annual report on Form 10-K.",
    ...situational(arisen, rng),
  ].join("\n\n");
}

/** The situational risks a report states: a 10-K's all, a 10-Q's those its events brought. */
export const statedSituations = (situations: Situation[], annual: boolean) =>
  annual ? situations : situations.filter((s) => EVENT_SITUATIONS.has(s));
