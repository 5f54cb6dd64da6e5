// The fixed vocabularies filters take: the types of event and the sectors, the same in every scenario.
// The filters refuse anything else (422 naming these), `/events/types` and `/sectors` list them, and
// the build can only make events of these types (build/models/events.ts types them with EventType).

/** Every type of event the timeline holds, with what it is: `/events/types`. */
export const EVENT_TYPES = {
  earnings_release: "A company reported its quarter's results (its 10-Q or 10-K is filed the same day).",
  guidance_change: "A company raised or lowered its full-year outlook.",
  product_launch: "A company launched a new product line.",
  lawsuit: "A company was named as defendant in a lawsuit.",
  management_change: "A company named a new officer.",
  merger_rumor: "Reports said a company is exploring strategic options, including a sale.",
  merger_agreement:
    "A company agreed to be acquired (a definitive agreement; its 8-K, Item 1.01, is filed the same day).",
  merger_completed: "A company's acquisition closed: its shares stop trading after the day (8-K, Item 2.01).",
  merger_terminated: "A company's merger agreement was terminated before it closed.",
  acquisition_agreement:
    "A company agreed to acquire another company of the scenario (a definitive agreement; its 8-K, Item 1.01, is filed the same day).",
  acquisition_completed:
    "A company completed its acquisition of another company of the scenario (8-K, Item 2.01); it consolidates it from the day after.",
  acquisition_terminated: "A company's agreement to acquire another company was terminated before it closed.",
  bankruptcy_filing: "A company filed for Chapter 11 bankruptcy protection (8-K, Item 1.03).",
  delisting: "A company's shares stop trading after the day: the exchange delists them (8-K, Item 3.01).",
  initial_public_offering:
    "A company's shares began trading after its initial public offering (its prospectus, a 424B4, is filed the same day).",
  regulatory_action: "Regulators opened an inquiry into a company.",
  contract_win: "A company won a large multi-year contract.",
  catalyst_impact: "A company's own move against the market on the day of the scenario's catalyst.",
  insider_purchase: "An insider bought shares after a fall of the stock (public from the Form 4's filing).",
  stake_disclosure: "A manager reported a stake of 5% or more (public from the 13F's filing).",
  policy_decision: "A central bank's policy-rate decision (market-wide: ticker null).",
  inflation_release: "The month's consumer-price print (market-wide: ticker null).",
  macro_catalyst: "The scenario's catalyst (market-wide: ticker null).",
} as const;
export type EventType = keyof typeof EVENT_TYPES;
/** The events of a company leaving the world (or nearly: a deal that broke), docs/exits.md. */
export const EXIT_EVENT_TYPES: ReadonlySet<string> = new Set<EventType>([
  "merger_agreement",
  "merger_completed",
  "merger_terminated",
  "bankruptcy_filing",
  "delisting",
]);
/** A buyer's events for a deal with another company of the scenario (docs/exits.md). */
export const ACQUIRER_EVENT_TYPES: ReadonlySet<string> = new Set<EventType>([
  "acquisition_agreement",
  "acquisition_completed",
  "acquisition_terminated",
]);
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as [EventType, ...EventType[]];

/** The GICS sectors companies are classified in (build/refdata, or from the SIC code in build/models/refdata.ts): `/sectors`. */
export const SECTORS = [
  "Communication Services",
  "Consumer Discretionary",
  "Consumer Staples",
  "Energy",
  "Financials",
  "Health Care",
  "Industrials",
  "Information Technology",
  "Materials",
  "Real Estate",
  "Utilities",
] as const;
export type Sector = (typeof SECTORS)[number];
