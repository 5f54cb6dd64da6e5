// Decimal rounding of generated numbers: prices and rates to the cent or basis point, adjusted
// levels and factor returns to more places, statement money to whole thousands.
export const round2 = (x: number) => Math.round(x * 100) / 100;
export const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
export const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
export const round10 = (x: number) => Math.round(x * 1e10) / 1e10;
/** Statement figures are whole thousands of dollars, so every sum of them is exact. */
export const thousands = (x: number) => Math.round(x / 1000) * 1000;

/** A number as a check's detail shows it: three significant figures (as a percentage with `pct`). */
export function fmt(v: number, pct = false): string {
  return pct ? `${Number((v * 100).toPrecision(3))}%` : String(Number(v.toPrecision(3)));
}
