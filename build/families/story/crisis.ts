// A story's crisis, checked on the market (the macro tape's market_return, which SPY tracks): the
// crisis holds the world's worst fall and its most volatile quarter, and a crisis that stands for a
// real one reaches that one's volatility and fall (build/models/crisis-episodes.yaml).
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import { ruleCheck } from "../../ground/rules.ts";
import type { Calendar } from "../../ground/family.ts";
import { CRISIS_EPISODES, crisisEpisode, episodeFigures } from "../../models/crisis-episodes.ts";
import { QUARTER, quarterVol } from "../../models/market.ts";
import { firstOnOrAfter } from "../../models/regimes.ts";
import { crisisEpisodes, type CrisisEpisode } from "../../realism/crises.ts";
import type { MacroTape } from "../macro/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";

const FAMILY = "story";

/** A crisis the story forces (its catalyst's, or its regime path's), and the real one it stands for. */
export interface StoryCrisis {
  date: string;
  episode: string | null;
}

type Reads = Calendar & MacroTape & HiddenMacro & { story: { crises: StoryCrisis[]; crisisStory: boolean } };

/** The market as the tape has it up to the view's last day: daily log returns (r[0] = 0) and the level. */
function tapeMarket(world: Reads) {
  const returns = world.macro.map((m, t) => (t === 0 ? 0 : m.market_return));
  const level: number[] = [];
  let log = 0;
  for (const r of returns) level.push(Math.exp((log += r)));
  return { returns, level };
}

/** The day of the deepest fall below the high before it, and that fall. */
function worstFall(level: readonly number[]): { trough: number; fall: number } {
  let high = -Infinity;
  let worst = { trough: 0, fall: 0 };
  level.forEach((x, t) => {
    high = Math.max(high, x);
    if (1 - x / high > worst.fall) worst = { trough: t, fall: 1 - x / high };
  });
  return worst;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * Where the story is a crisis (its catalyst is one, or its macro regime), the world's deepest fall
 * bottoms in a crisis or the quarter after it, and its most volatile quarter (63 trading days)
 * overlaps one: a story whose crisis is milder than some other spell of its world tells the wrong
 * story. A theme whose regime path passes through a crisis on its way (the 2001 recession of a
 * decade) is not held to it: real 2002 was more volatile than September 2001.
 */
export function crisisWindowCheck(world: Reads): ValidationCheck {
  const n = world.macro.length;
  const spells = world.story.crisisStory ? crisisEpisodes(world.regimes.slice(0, n)) : [];
  const violations: string[] = [];
  if (spells.length > 0 && n > QUARTER) {
    const { returns, level } = tapeMarket(world);
    const inWindow = (t: number, e: CrisisEpisode) => t >= e.start && t <= e.end + QUARTER;
    const named = spells.map((e) => `${world.days[e.start]} to ${world.days[e.end]}`).join(", ");
    const { trough, fall } = worstFall(level);
    if (!spells.some((e) => inWindow(trough, e)))
      violations.push(
        `the deepest fall (${pct(fall)}) bottoms on ${world.days[trough]}, outside the crises (${named})`,
      );
    let loudest = { end: QUARTER, vol: quarterVol(returns, QUARTER) };
    for (let t = QUARTER + 1; t < n; t++) {
      const vol = quarterVol(returns, t);
      if (vol > loudest.vol) loudest = { end: t, vol };
    }
    if (!spells.some((e) => loudest.end >= e.start && loudest.end - QUARTER + 1 <= e.end + QUARTER))
      violations.push(
        `the most volatile quarter (${pct(loudest.vol)} a year) ends on ${world.days[loudest.end]}, away from the crises (${named})`,
      );
  }
  return ruleCheck(
    "story_crisis_window",
    FAMILY,
    violations,
    spells.length > 0 ? 2 : 0,
    "the market's deepest fall bottoms in a story crisis or the quarter after it, and its most volatile quarter overlaps one",
  );
}

/** Each story crisis that stands for a real one and ended in view reaches its volatility and fall, within the tolerances. */
export function crisisEpisodeCheck(world: Reads): ValidationCheck {
  const n = world.macro.length;
  const { returns, level } = tapeMarket(world);
  const spells = crisisEpisodes(world.regimes.slice(0, n));
  const violations: string[] = [];
  let judged = 0;
  for (const crisis of world.story.crises) {
    if (!crisis.episode) continue;
    const first = firstOnOrAfter(world.days.slice(0, n), crisis.date);
    const spell = spells.find((e) => world.days[e.start] === first);
    // A crisis the view cuts (or one not begun by then) is not judged.
    if (!spell || spell.end >= n - 1) continue;
    judged++;
    const real = crisisEpisode(crisis.episode);
    const tolerance = real.tolerance ?? CRISIS_EPISODES.tolerance;
    const ours = episodeFigures(level, returns, spell.start, spell.end);
    const judge = (what: string, value: number, realValue: number, [lo, hi]: [number, number | null]) => {
      if (value >= lo * realValue && (hi === null || value <= hi * realValue)) return;
      const range = `${pct(lo * realValue)}-${hi === null ? "" : pct(hi * realValue)}`;
      violations.push(`${crisis.episode}: ${what} ${pct(value)}, outside ${range} (real ${pct(realValue)})`);
    };
    judge("peak quarter volatility", ours.peakVol, real.peak_vol, tolerance.peak_vol);
    judge("fall", ours.drawdown, real.drawdown, tolerance.drawdown);
  }
  return ruleCheck(
    "story_crisis_episode",
    FAMILY,
    violations,
    judged,
    "a crisis standing for a real one reaches its peak quarter's volatility and its fall from the quarter's high before it (crisis-episodes.yaml), within the tolerances",
  );
}
