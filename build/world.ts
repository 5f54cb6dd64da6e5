// A scenario's world: every family's part, generated in the registry's causal order from the
// scenario source. A pure function of (source, generator code). Also the world as of a day: what
// was public then, for the validation report of a future branch.
import { tradingDays } from "./calendar.ts";
import type { WorldOf } from "./families/family.ts";
import { FAMILIES } from "./families/registry.ts";
import { Rng } from "./rng.ts";
import type { ScenarioSource } from "./scenario-source.ts";

export type World = WorldOf<typeof FAMILIES>;

export function generateWorld(source: ScenarioSource): World {
  const days = tradingDays(source.start_date, source.end_date);
  if (days.length < 2) throw new Error(`${source.name}: fewer than two trading days`);
  const scenario = { source, rng: new Rng(source.seed, source.id) };
  // Filled in place: the registry's types let each family read only the parts before it.
  const world = { days } as World;
  for (const family of FAMILIES.families) Object.assign(world, family.generate(world, scenario));
  return world;
}

/** The world cut down to what is public on `date`: its days up to `date`, each part as its family cuts it. */
export function contextView(world: World, date: string): World {
  const cut = { date, days: world.days.filter((d) => d <= date).length };
  const view = { days: world.days.slice(0, cut.days) } as World;
  for (const family of FAMILIES.families) Object.assign(view, family.context(world, cut));
  return view;
}
