// Companies that join the world by an initial public offering during its window (the universe picks
// them: universe/model.ts selectEntrants). A hidden plan (plan.ts) sets each one's first trading
// day, its offering and first day, its quiet period and lock-up; before its first day the company is
// a private one whose history stays hidden: the build cuts every family's part of it to what comes
// from that day on (Family.enters). docs/listings.md.
import { SHARDS } from "../../../src/families/shards.ts";
import { plannedEvent, type WorldEvent } from "../../models/events.ts";
import { shortName } from "../../models/artifacts.ts";
import { worldKeyOf } from "../../ground/scenario-source.ts";
import type { Calendar, Family } from "../../ground/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import type { Universe } from "../universe/family.ts";
import { planListings, type Listing } from "./plan.ts";
import { LISTINGS } from "./tables.ts";

export type { Listing } from "./plan.ts";

export interface Listings {
  /** Hidden: each entrant's listing, by ticker. */
  listings: Map<string, Listing>;
}

export interface CompanyListing {
  /** Its listing, where it joins the world during the window. */
  listing?: Listing;
  /** Its listing's public event (its move over the offer price is hidden in the effect). */
  listingEvents: WorldEvent[];
}

type Reads = Calendar & Universe & HiddenMacro;

const pct = (x: number) => `${Math.round(100 * x)}%`;

function listingEvent(worldKey: string, days: string[], facts: Universe["companies"][number], l: Listing): WorldEvent {
  const [lead, ...others] = l.underwriters;
  const banks = others.length ? `${others.join(", ")} and ${lead}` : lead;
  return plannedEvent(worldKey, days, [facts.ticker, "initial_public_offering"], {
    ticker: facts.ticker,
    event_type: "initial_public_offering",
    date: days[l.first],
    time: "09:00",
    summary:
      `${shortName(facts.name)} shares begin trading on ${facts.exchange || "the exchange"} today after an initial ` +
      `public offering of ${pct(l.offered)} of its shares, led by ${banks}.`,
    volume: LISTINGS.first_day_volume,
    jump: l.firstDayJump,
  });
}

export const listings: Family<Reads, Listings, unknown, CompanyListing> = {
  name: "listings",
  generate: ({ days, regimes, entrants }, { rng }) => ({
    listings: planListings(days, regimes, entrants, rng.fork("listings")),
  }),
  // The plan of every company that has listed by the cut; one still to list is not in the view's.
  context: (world, cut) => ({
    listings: new Map([...world.listings].filter(([, l]) => l.first < cut.days)),
  }),
  company: (world, { facts }, { source }) => {
    const listing = world.listings.get(facts.ticker);
    return {
      listing,
      listingEvents: listing ? [listingEvent(worldKeyOf(source), world.days, facts, listing)] : [],
    };
  },
  // A view cut before the first day holds no listing (nothing of the company is public yet).
  companyContext: (company, cut) => ({
    listing: company.listing && company.listing.first < cut.days ? company.listing : undefined,
    listingEvents: company.listingEvents.filter((e) => e.visible_from <= cut.date),
  }),
  companySince: ({ listing, listingEvents }) => ({ listing, listingEvents }),
  enters: (world, { listing }) => (listing ? world.days[listing.first] : undefined),
  shards: (world, emit) => {
    const rows = [...world.listings].map(([ticker, l]) => [ticker, world.days[l.first]]);
    // Written only where a company lists: a world without entrants has no such shard.
    if (rows.length)
      emit.write(
        SHARDS.listings,
        undefined,
        rows.sort(([a], [b]) => (a! < b! ? -1 : 1)),
      );
  },
};
