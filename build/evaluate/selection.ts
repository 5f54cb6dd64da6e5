// Which scenarios an evaluation runs (docs/evaluation.md, "Choosing scenarios"): the served catalog's
// current scenarios by name, theme or split, with or without their replicas; with `masked`, each
// test-split scenario's masked twin beside it (for the memorization gap).
import type { Schemas } from "../../clients/typescript/src/index.ts";
import { maskedName } from "../mask/mask-bundle.ts";

export type Listing = Schemas["ScenarioListing"];

export interface SelectionOptions {
  names: string[];
  themes: string[];
  split?: string;
  /** Keep the replicas of the chosen scenarios (default), or only the scenarios they replicate. */
  replicas: boolean;
  /** Add each test-split scenario's masked twin. */
  masked: boolean;
}

export interface Planned {
  listing: Listing;
  /** A masked twin: the name of the scenario it masks. */
  masks: string | null;
}

/** The selection in one line, as runs are labelled with it (`selection` of `POST /runs`) and the leaderboard groups them. */
export function describeSelection(o: SelectionOptions): string {
  const parts = [
    ...(o.split ? [`split=${o.split}`] : []),
    ...(o.themes.length ? [`theme=${[...o.themes].sort().join(",")}`] : []),
    ...(o.names.length ? [`name=${[...o.names].sort().join(",")}`] : []),
  ];
  if (!o.replicas) parts.push("no-replicas");
  return parts.join(" ") || "all";
}

/** The scenarios to run, by name; a masked twin follows its original. Refuses a name that is not served. */
export function selectScenarios(catalog: Listing[], o: SelectionOptions): Planned[] {
  const plain = catalog.filter((l) => !l.masked);
  for (const name of o.names)
    if (!plain.some((l) => l.name === name)) throw new Error(`No scenario named ${name} is served`);
  for (const theme of o.themes)
    if (!plain.some((l) => l.theme === theme)) throw new Error(`No scenario of theme ${theme} is served`);
  const chosen = plain
    .filter((l) => !o.split || l.dataset_split === o.split)
    .filter((l) => !o.themes.length || o.themes.includes(l.theme))
    .filter((l) => !o.names.length || o.names.includes(l.name))
    .filter((l) => o.replicas || !l.replica_of)
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  const maskedByName = new Map(catalog.filter((l) => l.masked).map((l) => [l.name, l]));
  return chosen.flatMap((listing) => {
    const twin = o.masked && listing.dataset_split === "test" ? maskedByName.get(maskedName(listing.name)) : undefined;
    return [{ listing, masks: null }, ...(twin ? [{ listing: twin, masks: listing.name }] : [])];
  });
}
