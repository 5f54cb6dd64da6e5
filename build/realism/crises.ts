// The crises of a hidden regime path, as the realism statistics of several families read them.

/** A run of crisis days of the regime path, day indexes inclusive. */
export interface CrisisEpisode {
  start: number;
  end: number;
}

export function crisisEpisodes(regimes: readonly string[]): CrisisEpisode[] {
  const out: CrisisEpisode[] = [];
  regimes.forEach((r, t) => {
    if (r !== "crisis") return;
    const last = out[out.length - 1];
    if (last && last.end === t - 1) last.end = t;
    else out.push({ start: t, end: t });
  });
  return out;
}

/** Trading days before a crisis whose high its drawdown is measured from (a crisis often follows a first slide). */
export const CRISIS_PEAK_LOOKBACK = 63;
/** Episodes shorter than this (cut by the scenario's end or a context view's date) are not judged. */
export const CRISIS_MIN_DAYS = 30;
