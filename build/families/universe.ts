// The operating companies a scenario holds. Everything about a company that is not a price or an
// event (identity, sector) is fixed for the scenario, so its context view is the whole universe.
import type { CompanyFacts } from "../../src/bundle/types.ts";
import { selectUniverse } from "../generate/universe.ts";
import type { Calendar, Family } from "./family.ts";

export interface Universe {
  companies: CompanyFacts[];
}

export const universe: Family<Calendar, Universe> = {
  name: "universe",
  generate: (_, { source, rng }) => ({ companies: selectUniverse(source.universe, rng.fork("universe")) }),
  context: (world) => ({ companies: world.companies }),
  manifest: (world) => ({
    instruments: { companies: world.companies.map((c) => c.ticker) },
    companies: world.companies,
  }),
};
