// A scenario's source as the generator reads it: its fields and rules (build/ground/scenario-source.ts),
// then the story's sector leadership made a tilt the generator follows (storyTilt, models/market.ts).
import type { z } from "zod";
import { ScenarioSourceFields } from "../ground/scenario-source.ts";
import { storyTilt } from "../models/market.ts";

/**
 * The parser of one scenario's source. The generator makes the story's sector leadership happen:
 * each sector the story names drifts at least storyTilt a year up (leading) or down (lagging),
 * whatever the theme's tilt.
 */
export const ScenarioSource = ScenarioSourceFields.transform((s) => {
  const tilts = { ...s.sector_tilts };
  const tilt = storyTilt(s.start_date, s.end_date);
  for (const sector of s.story?.sectors?.leading ?? []) tilts[sector] = Math.max(tilts[sector] ?? 0, tilt);
  for (const sector of s.story?.sectors?.lagging ?? []) tilts[sector] = Math.min(tilts[sector] ?? 0, -tilt);
  return { ...s, sector_tilts: tilts };
});
export type ScenarioSource = z.output<typeof ScenarioSource>;
