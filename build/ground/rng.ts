// Seeded randomness for generation. Every stream derives from the scenario seed and a label, so
// adding a ticker or a resource never shifts the numbers of another. Never Math.random.
import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { createHash } from "node:crypto";

type Generator = ReturnType<typeof xoroshiro128plus>;

export class Rng {
  private readonly gen: Generator;
  private spareNormal: number | undefined;
  private readonly seed: number;
  private readonly label: string;

  constructor(seed: number, label = "") {
    this.seed = seed;
    this.label = label;
    const digest = createHash("sha256").update(`${seed}/${label}`).digest();
    this.gen = xoroshiro128plus(digest.readInt32LE(0));
  }

  /** An independent stream for a sub-part of the world. */
  fork(label: string): Rng {
    return new Rng(this.seed, `${this.label}/${label}`);
  }

  /** Uniform in [0, 1). */
  uniform(): number {
    return uniformFloat64(this.gen);
  }

  between(lo: number, hi: number): number {
    return lo + (hi - lo) * this.uniform();
  }

  int(lo: number, hi: number): number {
    return lo + Math.floor(this.uniform() * (hi - lo + 1));
  }

  /** Standard normal (Marsaglia polar method). */
  normal(): number {
    if (this.spareNormal !== undefined) {
      const s = this.spareNormal;
      this.spareNormal = undefined;
      return s;
    }
    for (;;) {
      const u = 2 * this.uniform() - 1;
      const v = 2 * this.uniform() - 1;
      const s = u * u + v * v;
      if (s > 0 && s < 1) {
        const f = Math.sqrt((-2 * Math.log(s)) / s);
        this.spareNormal = v * f;
        return u * f;
      }
    }
  }

  /** Student-t with `nu` degrees of freedom, scaled to unit variance (nu > 2). */
  studentT(nu: number): number {
    let chi2 = 0;
    for (let i = 0; i < nu; i++) chi2 += this.normal() ** 2;
    return (this.normal() / Math.sqrt(chi2 / nu)) * Math.sqrt((nu - 2) / nu);
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.uniform() * items.length)];
  }

  /** Fisher-Yates shuffle of a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.uniform() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}
