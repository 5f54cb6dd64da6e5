// A company as the build makes it before its prices: its core (fiscal calendar, own news, business,
// analysts) and its public timeline, from the same inputs and streams as the company and events families.
import { companyCore } from "../../build/families/company/family.ts";
import { companyTimeline } from "../../build/families/events/family.ts";

export function companyWithTimeline(input: Parameters<typeof companyCore>[0]) {
  const core = companyCore(input);
  return {
    ...core,
    events: companyTimeline(
      input.worldKey,
      input.days,
      { facts: input.facts, ...core, exitEvents: [], listingEvents: [] },
      input.rng,
    ),
  };
}
