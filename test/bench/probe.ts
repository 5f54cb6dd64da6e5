// Single requests outside the load runs, over node:http so that nothing decodes the body behind our
// back: what came back compressed and how big it was on the wire, ETags to replay, ticker lists.
import { Agent, request } from "node:http";

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

export interface Probe {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received (still compressed if it was). */
  body: Buffer;
}

/** GET `url`, or POST `body` to it. */
export function get(url: string, headers: Record<string, string> = {}, body?: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const method = body === undefined ? "GET" : "POST";
    const req = request(url, { agent, headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

export async function getJson<T>(url: string, headers: Record<string, string> = {}, body?: string): Promise<T> {
  const r = await get(url, headers, body);
  const what = `${body === undefined ? "GET" : "POST"} ${url}`;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.body.toString("utf8").slice(0, 200)}`);
  try {
    return JSON.parse(r.body.toString("utf8")) as T;
  } catch (err) {
    const start = JSON.stringify(r.body.subarray(0, 120).toString("latin1"));
    throw new Error(`${what}: 200 with a body that is not JSON (${(err as Error).message}); it starts ${start}`);
  }
}

/** `f(i)` for i in [0, n), at most `concurrency` at a time; results in order. */
export async function inParallel<T>(n: number, concurrency: number, f: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(n);
  let next = 0;
  const lane = async () => {
    while (next < n) {
      const i = next++;
      out[i] = await f(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, lane));
  return out;
}

export function closeProbes(): void {
  agent.destroy();
}
