// A scenario's world, generated in the registry's causal order from the scenario source: the
// market-wide parts first (kept: one value per day at most), then the companies one at a time (each
// family adding its part of the company), then the parts gathered over the companies. A pure
// function of (source, generator code). Also the world as of a day: what was public then, for the
// validation report of a future branch.
import { worldKeyOf } from "../ground/scenario-source.ts";
import { tradingDays } from "../models/calendar.ts";
import type { Cut, FamilySteps, Scenario, Since } from "../ground/family.ts";
import { FAMILIES, type Company, type World } from "../families/registry.ts";
import { Rng } from "../ground/rng.ts";
import type { ScenarioSource } from "../ground/scenario-source.ts";
import { memoryScratch, type Scratch } from "../ground/scratch.ts";

/** A whole world held in memory, companies included: for small scenarios (tests). */
export type WholeWorld = World & { perCompany: Company[] };
/** The families a build runs, in causal order: the registry's, unless a test adds one (`familiesOf`). */
export type Families = readonly FamilySteps<World, Company>[];

/**
 * The families of a registry that extends the build's (`familiesOf(FAMILIES.add(news))`,
 * docs/adding-a-family.md). Sound as a cast: the registry's `add` already checked that each family
 * reads only what the ones before it make, and the build hands every step the world and companies
 * with every earlier family's part.
 */
export const familiesOf = (registry: { families: readonly object[] }) => registry.families as Families;

/** The market-wide parts generated before the company pass (gathered parts come with `gather`). */
export function generateMarket(
  source: ScenarioSource,
  scratch: Scratch,
  families: Families = FAMILIES.families,
): { world: World; scenario: Scenario } {
  const days = tradingDays(source.start_date, source.end_date);
  if (days.length < 2) throw new Error(`${source.name}: fewer than two trading days`);
  const scenario = { source, rng: new Rng(source.seed, worldKeyOf(source)), scratch };
  // Filled in place: the registry's types let each family read only the parts before it.
  const world = { days } as World;
  for (const family of families) {
    if (family.generate) Object.assign(world, family.generate(world, scenario));
  }
  return { world, scenario };
}

/** The companies in the universe's order, each with every family's part of it, made when asked for. */
export function* generateCompanies(
  world: World,
  scenario: Scenario,
  families: Families = FAMILIES.families,
): Generator<Company> {
  const pass = new CompanyPass(world, scenario, families);
  for (const facts of world.companies) {
    const company = pass.whole(facts.ticker);
    const first = firstDayOf(world, company, families);
    const listed = first === undefined ? company : sinceCompany(company, sinceOf(world.days, first), families);
    const last = lastDayOf(world, listed, families);
    yield last === undefined ? listed : contextCompany(listed, { ...cutAt(world.days, last), ends: true }, families);
  }
}

/** A company of the pass and how far its steps have gone. */
interface Underway {
  company: Company;
  /** Index of the next family to run. */
  next: number;
  /** Its steps are running: a step of its own asked for another company, which asked back. */
  running: boolean;
}

/**
 * The company pass: each company's steps, family by family. A step may ask for another company
 * through a family (`Scenario.companyOf`): it is generated then as far as that and kept, so its own
 * turn goes on from there and every step sees the same company. Companies are pure functions of the world
 * and their facts (each family forks its streams by ticker), so the order changes nothing.
 */
class CompanyPass {
  private readonly underway = new Map<string, Underway>();
  /** Companies whose turn has come: made again if asked for later, and not kept after it. */
  private readonly yielded = new Set<string>();
  private readonly facts: Map<string, Company["facts"]>;
  private readonly world: World;
  private readonly scenario: Scenario;
  private readonly families: Families;

  constructor(world: World, scenario: Scenario, families: Families) {
    this.world = world;
    this.scenario = scenario;
    this.families = families;
    this.facts = new Map(world.companies.map((f) => [f.ticker, f]));
  }

  /**
   * Its parts through every family. Only companies whose turn is still to come are kept after: one
   * made early for another goes on from there at its turn; one asked for after its turn is made again.
   */
  whole(ticker: string): Company {
    const company = this.through(ticker, this.families.length - 1);
    this.yielded.add(ticker);
    for (const done of [...this.underway.keys()]) if (this.yielded.has(done)) this.underway.delete(done);
    return company;
  }

  private through(ticker: string, last: number): Company {
    const facts = this.facts.get(ticker);
    if (!facts) throw new Error(`no company ${ticker} in the world`);
    let entry = this.underway.get(ticker);
    if (!entry) {
      entry = { company: { facts } as Company, next: 0, running: false };
      this.underway.set(ticker, entry);
    }
    if (entry.running) {
      if (entry.next <= last)
        throw new Error(`${ticker} is asked for its ${this.families[last].name} part while making it`);
      return entry.company;
    }
    entry.running = true;
    for (; entry.next <= last; entry.next++) {
      const family = this.families[entry.next];
      if (!family.company) continue;
      const scenario = {
        ...this.scenario,
        companyOf: (other: string, through: string) => this.asking(other, through, `${ticker}'s ${family.name}`),
      };
      Object.assign(entry.company, family.company(this.world, entry.company, scenario));
    }
    entry.running = false;
    return entry.company;
  }

  private asking(ticker: string, through: string, asker: string): Company {
    const last = this.families.findIndex((f) => f.name === through);
    if (last < 0) throw new Error(`${asker}: no family ${through}`);
    return this.through(ticker, last);
  }
}

/** The first trading day of a company that lists inside the world (the latest any family says), if it does. */
export function firstDayOf(world: World, company: Company, families: Families): string | undefined {
  const days = families.flatMap((f) => f.enters?.(world, company) ?? []);
  return days.length ? days.sort().at(-1) : undefined;
}

/** The last trading day of a company that leaves the world (the earliest any family says), if it does. */
function lastDayOf(world: World, company: Company, families: Families): string | undefined {
  const days = families.flatMap((f) => f.leaves?.(world, company) ?? []);
  return days.length ? days.sort()[0] : undefined;
}

function sinceOf(days: string[], date: string): Since {
  const day = days.indexOf(date);
  if (day < 0) throw new Error(`first trading day ${date} is not a trading day of the world`);
  return { date, day };
}

/** A company that lists inside the world, from its first trading day on. */
function sinceCompany(company: Company, since: Since, families: Families): Company {
  const view = { facts: company.facts } as Company;
  for (const family of families) {
    if (family.companySince) Object.assign(view, family.companySince(company, since));
  }
  return view;
}

/** The gathered parts: `add` each company of the pass, then `finish` adds the parts to the world. */
export function gather(
  world: World,
  scenario: Scenario,
  families: Families = FAMILIES.families,
): { add: (company: Company) => void; finish: () => void } {
  const gatherers = families.flatMap((family) => (family.gather ? [family.gather(world, scenario)] : []));
  return {
    add: (company) => {
      for (const g of gatherers) g.add(company);
    },
    finish: () => {
      for (const g of gatherers) Object.assign(world, g.finish());
    },
  };
}

/** A whole world in memory (tests: its companies are kept, so keep it small). */
export function generateWorld(source: ScenarioSource, families: Families = FAMILIES.families): WholeWorld {
  const { world, scenario } = generateMarket(source, memoryScratch(), families);
  const gathering = gather(world, scenario, families);
  const perCompany: Company[] = [];
  for (const company of generateCompanies(world, scenario, families)) {
    gathering.add(company);
    perCompany.push(company);
  }
  gathering.finish();
  return Object.assign(world, { perCompany });
}

export function cutAt(days: string[], date: string): Cut {
  return { date, days: days.filter((d) => d <= date).length };
}

/** The market-wide world cut down to what is public at `cut`: its days up to it, each part as its family cuts it. */
export function contextWorld(world: World, cut: Cut, families: Families = FAMILIES.families): World {
  const view = { days: world.days.slice(0, cut.days) } as World;
  for (const family of families) Object.assign(view, family.context(world, cut));
  return view;
}

/** A company cut down to what is public at `cut`. */
export function contextCompany(company: Company, cut: Cut, families: Families = FAMILIES.families): Company {
  const view = { facts: company.facts } as Company;
  for (const family of families) {
    if (family.companyContext) Object.assign(view, family.companyContext(company, cut));
  }
  return view;
}

/** Whether a company is public on `date`: it lists inside the world only after it. */
export const listedBy = (world: World, company: Company, date: string, families: Families = FAMILIES.families) =>
  (firstDayOf(world, company, families) ?? "") <= date;

/** A whole world cut down to what is public on `date` (a company that lists after it is not in it). */
export function contextView(world: WholeWorld, date: string, families: Families = FAMILIES.families): WholeWorld {
  const cut = cutAt(world.days, date);
  return Object.assign(contextWorld(world, cut, families), {
    perCompany: world.perCompany
      .filter((c) => listedBy(world, c, date, families))
      .map((c) => contextCompany(c, cut, families)),
  });
}
