// Real crises a scenario's crisis may stand for (crisis-episodes.yaml): the market's figures the
// generator aims at and the validation report holds it to, and how both are measured on an index.
import { z } from "zod";
import { readDataFile } from "../ground/data-file.ts";
import { forcedSwitches, type ScenarioSource } from "../ground/scenario-source.ts";
import { tradingDays } from "./calendar.ts";
import { QUARTER, quarterVol, type CrisisAim } from "./market.ts";
import { firstOnOrAfter } from "./regimes.ts";

/** The generated figure over the real one: at least the first, at most the second (null: no most). */
const Range = z
  .tuple([z.number().positive(), z.number().positive().nullable()])
  .refine(([lo, hi]) => hi === null || lo <= hi, "lo > hi");
const Tolerance = z.strictObject({ peak_vol: Range, drawdown: Range });

const Episode = z.strictObject({
  about: z.string().min(1),
  from: z.iso.date(),
  to: z.iso.date(),
  peak_vol: z.number().positive(),
  drawdown: z.number().gt(0).lt(1),
  /** This episode's own tolerance, where the file's does not fit it. */
  tolerance: Tolerance.optional(),
});

const EpisodeFile = z.strictObject({
  tolerance: Tolerance,
  episodes: z.record(z.string(), Episode),
});

export const CRISIS_EPISODES = readDataFile(new URL("./crisis-episodes.yaml", import.meta.url), EpisodeFile);

export type CrisisEpisodeSpec = z.infer<typeof Episode>;

/** The real episode named `id`; throws naming the known ones. */
export function crisisEpisode(id: string): CrisisEpisodeSpec {
  const episode = CRISIS_EPISODES.episodes[id];
  if (!episode)
    throw new Error(`unknown crisis episode "${id}" (crisis-episodes.yaml: ${Object.keys(CRISIS_EPISODES.episodes)})`);
  return episode;
}

/** The trading days the real episode `id` lasted, from its first day to its low. */
export const episodeDays = (id: string) => {
  const { from, to } = crisisEpisode(id);
  return tradingDays(from, to).length;
};

/**
 * The crises of a scenario's source that stand for an episode (its catalyst's, its regime path's),
 * by first day: what the market factor aims each at.
 */
export function crisisTargets(source: Pick<ScenarioSource, "catalyst" | "regime">, days: string[]): CrisisAim[] {
  return forcedSwitches(source).flatMap(({ date, regime, episode }) => {
    const day = firstOnOrAfter(days, date);
    if (!episode || regime !== "crisis" || day === undefined) return [];
    const real = crisisEpisode(episode);
    return [{ start: days.indexOf(day), peakVol: real.peak_vol, drawdown: real.drawdown, days: episodeDays(episode) }];
  });
}

/** The first days of a source's forced crises that stand for no episode: the market lifts each above its world's loudest quarter. */
export function unaimedCrises(source: Pick<ScenarioSource, "catalyst" | "regime">, days: string[]): number[] {
  return forcedSwitches(source).flatMap(({ date, regime, episode }) => {
    const day = firstOnOrAfter(days, date);
    return !episode && regime === "crisis" && day !== undefined ? [days.indexOf(day)] : [];
  });
}

/**
 * A crisis's figures on an index (`level` by day, `returns` its daily log returns, returns[t] the
 * move into day t): its peak quarter's volatility over the windows ending from its first day to a
 * quarter after its last, and its fall from the high of the quarter before it to its low.
 */
export function episodeFigures(
  level: readonly number[],
  returns: readonly number[],
  start: number,
  end: number,
): { peakVol: number; drawdown: number } {
  let peakVol = 0;
  for (let t = Math.max(start, QUARTER); t <= Math.min(end + QUARTER, returns.length - 1); t++)
    peakVol = Math.max(peakVol, quarterVol(returns, t));
  const high = Math.max(...level.slice(Math.max(0, start - QUARTER), Math.max(1, start)));
  const low = Math.min(...level.slice(start, end + 1));
  return { peakVol, drawdown: 1 - low / high };
}
