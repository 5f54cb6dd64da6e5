// Figures of the rounds: medians and spreads of each case's ratio to the hello-world run it was
// paired with and to /health (through the same anchor), the front door's cases against their own
// anchors, and the issues' targets.
import type { Sample } from "./load.ts";

export interface Pair {
  sample: Sample;
  /** The run paired with it (just before or just after): the hello-world worker's, or the case's own anchor's. */
  anchor: Sample;
}

export interface CaseRounds {
  id: string;
  name: string;
  rounds: Pair[];
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function spread(xs: number[]): Spread {
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
}

export interface Figures {
  id: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  kbPerResponse: number;
  /** workerd CPU per request over every round, ms (NaN if unknown). */
  cpuPerRequest: number;
  vsHello: Spread;
  vsHealth: Spread | null;
}

/**
 * Per round, case / its paired hello run; to /health, the median of those over /health's own median
 * ratio (one noisy /health round then moves no other case's figure), the range scaled alike.
 */
export function figures(c: CaseRounds, health: CaseRounds | undefined): Figures {
  const vsHello = spread(c.rounds.map((p) => p.sample.rps / p.anchor.rps));
  const healthRatio = health ? median(health.rounds.map((p) => p.sample.rps / p.anchor.rps)) : NaN;
  const vsHealth = health
    ? { median: vsHello.median / healthRatio, min: vsHello.min / healthRatio, max: vsHello.max / healthRatio }
    : null;
  const requests = c.rounds.reduce((s, p) => s + p.sample.requests, 0);
  const cpu = c.rounds.reduce((s, p) => s + p.sample.cpuMs, 0);
  return {
    id: c.id,
    name: c.name,
    rps: median(c.rounds.map((p) => p.sample.rps)),
    p50: median(c.rounds.map((p) => p.sample.p50)),
    p99: median(c.rounds.map((p) => p.sample.p99)),
    kbPerResponse: median(c.rounds.map((p) => p.sample.bytesPerResponse)) / 1024,
    cpuPerRequest: cpu / requests,
    vsHello,
    vsHealth,
  };
}

/** The anchor's own row: every hello-world run of the bench. */
export function helloFigures(all: CaseRounds[]): Figures {
  const runs = all.flatMap((c) => c.rounds.map((p) => p.anchor));
  const requests = runs.reduce((s, r) => s + r.requests, 0);
  return {
    id: "hello",
    name: "hello-world worker (anchor)",
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    kbPerResponse: median(runs.map((r) => r.bytesPerResponse)) / 1024,
    cpuPerRequest: runs.reduce((s, r) => s + r.cpuMs, 0) / requests,
    vsHello: spread(runs.map(() => 1)),
    vsHealth: null,
  };
}

const fmtRatio = (s: Spread | null) => (s ? `${s.median.toFixed(2)} (${s.min.toFixed(2)}-${s.max.toFixed(2)})` : "");
const fmtNum = (x: number, digits: number) => (Number.isFinite(x) ? x.toFixed(digits) : "n/a");

/** Columns padded to their widest cell, the first left-aligned, with a rule under the heads. */
function aligned(head: string[], cells: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => (i === 0 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join("  ");
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
}

export function table(rows: Figures[]): string {
  const head = ["case", "req/s", "p50 ms", "p99 ms", "KB/resp", "CPU ms/req", "x hello (range)", "x /health (range)"];
  const cells = rows.map((r) => [
    r.name,
    fmtNum(r.rps, 0),
    fmtNum(r.p50, 0),
    fmtNum(r.p99, 0),
    fmtNum(r.kbPerResponse, r.kbPerResponse < 10 ? 2 : 0),
    fmtNum(r.cpuPerRequest, r.cpuPerRequest < 1 ? 3 : 2),
    fmtRatio(r.vsHello),
    fmtRatio(r.vsHealth),
  ]);
  return aligned(head, cells);
}

export interface Target {
  label: string;
  caseId: string;
  /** Ratio to /health at least `min`, or CPU per request at most `maxCpuMs`. */
  min?: number;
  maxCpuMs?: number;
}

export function targets(list: Target[], rows: Figures[]): string {
  const out: string[] = [];
  for (const t of list) {
    const r = rows.find((x) => x.id === t.caseId);
    if (!r) {
      out.push(`  ----  ${t.label}: not measured (case skipped)`);
      continue;
    }
    if (t.min !== undefined) {
      const v = r.vsHealth;
      const pass = v !== null && v.median >= t.min;
      out.push(`  ${pass ? "PASS" : "FAIL"}  ${t.label}: ${fmtRatio(v)} of /health (target >= ${t.min})`);
    } else if (t.maxCpuMs !== undefined) {
      const v = r.cpuPerRequest;
      const pass = Number.isFinite(v) && v <= t.maxCpuMs;
      out.push(`  ${pass ? "PASS" : "FAIL"}  ${t.label}: ${fmtNum(v, 2)} ms CPU/request (target <= ${t.maxCpuMs} ms)`);
    }
  }
  return out.join("\n");
}

/** A front-door case against its anchor: throughput and median latency, each as the per-round ratio's median (range). */
export function frontDoorTable(cases: CaseRounds[]): string {
  const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : "n/a");
  const head = ["case", "req/s", "anchor req/s", "x anchor (range)", "p50 ms", "anchor p50 ms", "p50 x anchor (range)"];
  const cells = cases.map((c) => [
    c.name,
    fmtNum(median(c.rounds.map((p) => p.sample.rps)), 0),
    fmtNum(median(c.rounds.map((p) => p.anchor.rps)), 0),
    fmtRatio(spread(c.rounds.map((p) => p.sample.rps / p.anchor.rps))),
    ms(median(c.rounds.map((p) => p.sample.p50))),
    ms(median(c.rounds.map((p) => p.anchor.p50))),
    fmtRatio(spread(c.rounds.map((p) => p.sample.p50 / p.anchor.p50))),
  ]);
  return aligned(head, cells);
}

export interface FrontDoorTarget {
  label: string;
  caseId: string;
  /** Throughput at least this share of the anchor's, or median latency at most this multiple of it. */
  minThroughput?: number;
  maxLatency?: number;
}

export function frontDoorTargets(list: FrontDoorTarget[], cases: CaseRounds[]): string {
  return list
    .map((t) => {
      const c = cases.find((x) => x.id === t.caseId);
      if (!c) return `  ----  ${t.label}: not measured (case skipped)`;
      if (t.minThroughput !== undefined) {
        const v = spread(c.rounds.map((p) => p.sample.rps / p.anchor.rps));
        return `  ${v.median >= t.minThroughput ? "PASS" : "FAIL"}  ${t.label}: ${fmtRatio(v)} (target >= ${t.minThroughput})`;
      }
      const v = spread(c.rounds.map((p) => p.sample.p50 / p.anchor.p50));
      return `  ${v.median <= t.maxLatency! ? "PASS" : "FAIL"}  ${t.label}: ${fmtRatio(v)} (target <= ${t.maxLatency})`;
    })
    .join("\n");
}
