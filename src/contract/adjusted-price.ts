import { round6 } from "./rounding.ts";

/**
 * How a restated (split- and dividend-adjusted) price is served: six decimals, or six significant
 * digits below 1, because decades of splits can restate early prices far below a cent, where fixed
 * decimals would round them to 0 and break every ratio of adjusted closes.
 */
export const roundAdjusted = (x: number): number => (x >= 1 ? round6(x) : Number(x.toPrecision(6)));
