// The tuning numbers of the intraday model (intraday.ts), kept apart from its code. The shapes follow
// the intraday patterns documented for U.S. equities: volume and return variance are U-shaped across
// the session, highest in the first half hour, lowest around midday, rising into the close (Wood,
// McInish & Ord 1985, J. Finance; Jain & Joh 1988, JFQA; Andersen & Bollerslev 1997, J. Empirical
// Finance), and one-minute returns are slightly negatively autocorrelated by the bid-ask bounce
// (Roll 1984, J. Finance). The exact numbers are this project's choice, rounded, not fitted to data.

/** Minutes in the regular session, 09:30 to 16:00 New York time. */
export const SESSION_MINUTES = 390;

/** The session's start, in minutes after midnight New York time. */
export const SESSION_OPEN_MINUTE = 9 * 60 + 30;

/** Each table below gives one number per half hour of the session, 09:30-10:00 first. */
export const BUCKET_MINUTES = 30;

/**
 * Share of the day's volume traded in each half hour (sums to 1). The last half hour carries the
 * closing auction. Our choice, after the shape of the published curves.
 */
export const VOLUME_SHARE = [
  0.125, 0.088, 0.072, 0.062, 0.056, 0.05, 0.046, 0.046, 0.05, 0.056, 0.066, 0.085, 0.198,
] as const;

/**
 * Return variance of a minute in each half hour, relative to midday: about four times midday's at the
 * open and a little under twice at the close. Our choice, after the same studies.
 */
export const VARIANCE_WEIGHT = [4.0, 2.2, 1.6, 1.3, 1.1, 1.0, 1.0, 1.0, 1.05, 1.1, 1.25, 1.45, 1.8] as const;

/**
 * MA(1) coefficient of the standardized one-minute shocks (their own lag-1 autocorrelation is
 * theta / (1 + theta^2), -0.079). The path's pinning to the day's prices adds about +0.013, so
 * served one-minute returns show about -0.066 (test/families/intraday.fast.test.ts checks -0.15 to
 * -0.03): the bid-ask bounce's order of magnitude for liquid stocks. Our choice.
 */
export const MA1_THETA = -0.08;

/**
 * The expected range of a Brownian path over its unit of variance, 2 * sqrt(2 / pi): the day's
 * high - low gives the scale of the minute moves.
 */
export const RANGE_PER_SIGMA = 1.596;

/** A minute's wick beyond its open and close, in its own standard deviations (half-normal; our choice). */
export const WICK_SIGMAS = 0.35;

/** Log-normal noise of each minute's share of volume (standard deviation; our choice). */
export const VOLUME_NOISE = 0.45;

/** How much a minute's volume follows the size of its price shock, 0 (not at all) to 1 (our choice). */
export const VOLUME_SHOCK_COUPLING = 0.4;

/**
 * Trading after news public during the session: the minute it comes out trades `surge` + 1 times
 * its usual share, fading by half every `halfLife` minutes (volume spikes at an announcement and
 * decays within minutes to an hour: Busse & Green 2002, J. Financial Economics, on CNBC reports). Our choice.
 */
export const NEWS_VOLUME = { surge: 8, halfLife: 4 };

/** Minutes on each side of news in which the day's high and low are not placed (our choice). */
export const NEWS_CLEAR = 10;
