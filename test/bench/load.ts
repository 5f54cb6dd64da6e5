// One measurement: autocannon against one runtime for a while (or, for a sequential case, one
// connection sending one request at a time), with the runtime's workerd CPU time sampled around it.
// A case's requests come from a function of a counter that lives as long as the case, so "uncached"
// cases keep rotating through their distinct URLs from round to round.
import autocannon from "autocannon";
import { Agent, request } from "node:http";
import { cpuMs } from "./cpu.ts";

export interface Runtime {
  name: string;
  base: string;
  /** Its workerd process, for CPU time (null: not found, CPU reported as n/a). */
  pid: number | null;
}

export interface Expect {
  /** Statuses allowed, and the one that must make up at least `share` of the answers. */
  allowed: number[];
  main: number;
  share: number;
  /** Answers of the other statuses accepted however few the main ones (a limited key's admissions when its window reopens). */
  othersAtMost?: number;
}

export interface Case {
  id: string;
  name: string;
  runtime: Runtime;
  /** Cases with the same counter continue one rotation (default: the case's own). */
  counter?: string;
  /** The n-th request of the case: path, extra headers, and a JSON body for a POST. */
  request: (n: number) => { path: string; headers?: Record<string, string>; body?: string };
  headers?: Record<string, string>;
  expect: Expect;
  /** Notes printed under the table (what rotates, what came back compressed, ...). */
  notes?: string[];
  /** The run this case alternates with, in place of the hello-world worker (the same load elsewhere). */
  anchor?: Case;
  /** One connection, one request at a time, as an agent's loop: latencies timed here to the microsecond. */
  sequential?: boolean;
}

export interface Sample {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Bytes received per response, headers included (what went over the wire); a sequential case counts bodies only. */
  bytesPerResponse: number;
  /** workerd CPU milliseconds spent during the run (NaN if unknown). */
  cpuMs: number;
}

const counters = new Map<string, number>();

function nextRequest(c: Case) {
  const key = c.counter ?? c.id;
  const n = counters.get(key) ?? 0;
  counters.set(key, n + 1);
  return c.request(n);
}

function cannon(c: Case, connections: number, opts: { amount?: number; duration?: number }) {
  const next = () => nextRequest(c);
  return autocannon({
    url: c.runtime.base + c.request(0).path,
    connections,
    // autocannon stops only at a sample tick: tick every 50 ms so short slices last what they say.
    sampleInt: 50,
    headers: c.headers ?? {},
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const r = next();
          const post = r.body === undefined ? {} : { method: "POST" as const, body: r.body };
          return { ...req, path: r.path, headers: { ...req.headers, ...r.headers }, ...post };
        },
      },
    ],
    ...opts,
  });
}

/**
 * Throws unless every answer had an allowed status and the expected one dominates. A measured slice
 * may end with none answered (`empty`): slices are fractions of a second, and one slow uncached
 * request (a cold shard) can fill one; that is a stall to count, not a failure.
 */
function check(c: Case, r: autocannon.Result, share = c.expect.share, empty = false): number {
  const counts: Record<string, number> = {};
  for (const [status, s] of Object.entries(r.statusCodeStats ?? {})) counts[status] = s.count ?? 0;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const unexpected = Object.keys(counts).filter((s) => !c.expect.allowed.includes(Number(s)));
  const main = counts[String(c.expect.main)] ?? 0;
  const fewOthers = c.expect.othersAtMost !== undefined && total - main <= c.expect.othersAtMost;
  if (
    r.errors ||
    r.timeouts ||
    (total === 0 && !empty) ||
    unexpected.length ||
    (total && main / total < share && !fewOthers)
  ) {
    throw new Error(
      `case ${c.name}: statuses ${JSON.stringify(counts)}, errors ${r.errors}, timeouts ${r.timeouts} ` +
        `(expected only ${c.expect.allowed.join("/")}, at least ${share * 100}% ${c.expect.main}` +
        `${c.expect.othersAtMost !== undefined ? ` or at most ${c.expect.othersAtMost} others` : ""})`,
    );
  }
  return total;
}

/** Kept-alive connections of sequential cases, one per runtime. */
const loopAgents = new Map<string, Agent>();

/** One request at a time on one kept-alive connection, for `amount` requests or `seconds`. */
async function loop(c: Case, until: { amount?: number; seconds?: number }) {
  let agent = loopAgents.get(c.runtime.base);
  if (!agent) loopAgents.set(c.runtime.base, (agent = new Agent({ keepAlive: true, maxSockets: 1 })));
  const latencies: number[] = [];
  let bytes = 0;
  const started = performance.now();
  const end = started + (until.seconds ?? Infinity) * 1000;
  while (latencies.length < (until.amount ?? Infinity) && performance.now() < end) {
    const r = nextRequest(c);
    const sent = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        c.runtime.base + r.path,
        { agent, method: r.body === undefined ? "GET" : "POST", headers: { ...c.headers, ...r.headers } },
        (res) => {
          res.on("data", (chunk: Buffer) => (bytes += chunk.length));
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(r.body);
    });
    if (!c.expect.allowed.includes(status)) throw new Error(`case ${c.name}: ${r.path} answered ${status}`);
    latencies.push(performance.now() - sent);
  }
  return { latencies, bytes, seconds: (performance.now() - started) / 1000 };
}

export function closeLoops(): void {
  for (const agent of loopAgents.values()) agent.destroy();
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Warm-up: statuses must be allowed ones, but need not be dominated by the main one (it spends the 429 key's 200s). */
export async function warm(c: Case, connections: number, amount: number): Promise<void> {
  if (c.sequential) await loop(c, { amount });
  else check(c, await cannon(c, connections, { amount }), 0);
}

export async function measure(c: Case, connections: number, seconds: number): Promise<Sample> {
  if (c.sequential) {
    const cpuBefore = cpuMs(c.runtime.pid);
    const { latencies, bytes, seconds: elapsed } = await loop(c, { seconds });
    const cpuAfter = cpuMs(c.runtime.pid);
    const sorted = latencies.sort((a, b) => a - b);
    return {
      requests: sorted.length,
      seconds: elapsed,
      rps: sorted.length / elapsed,
      p50: sorted.length ? quantile(sorted, 0.5) : NaN,
      p99: sorted.length ? quantile(sorted, 0.99) : NaN,
      bytesPerResponse: sorted.length ? bytes / sorted.length : 0,
      cpuMs: cpuAfter - cpuBefore,
    };
  }
  const cpuBefore = cpuMs(c.runtime.pid);
  const r = await cannon(c, connections, { duration: seconds });
  const cpuAfter = cpuMs(c.runtime.pid);
  const requests = check(c, r, c.expect.share, true);
  const elapsed = r.duration || seconds;
  return {
    requests,
    seconds: elapsed,
    rps: requests / elapsed,
    // A stalled slice has no latencies (longer than the slice): left out of the medians.
    p50: requests ? r.latency.p50 : NaN,
    p99: requests ? r.latency.p99 : NaN,
    bytesPerResponse: requests ? r.throughput.total / requests : 0,
    cpuMs: cpuAfter - cpuBefore,
  };
}

/** Slices of one case in one round as one sample: rates over the summed time, median latencies. */
export function combine(slices: Sample[], name: string): Sample {
  const mid = (xs: number[]) => {
    const known = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
    return known[known.length >> 1];
  };
  const requests = slices.reduce((s, x) => s + x.requests, 0);
  if (requests === 0) throw new Error(`case ${name}: no request answered in a whole round`);
  const seconds = slices.reduce((s, x) => s + x.seconds, 0);
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: mid(slices.map((x) => x.p50)),
    p99: mid(slices.map((x) => x.p99)),
    bytesPerResponse: slices.reduce((s, x) => s + x.bytesPerResponse * x.requests, 0) / requests,
    cpuMs: slices.reduce((s, x) => s + x.cpuMs, 0),
  };
}
