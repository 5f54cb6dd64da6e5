// The public port of `npm start`, in front of workerd. It exists so that stopping can drain:
// miniflare's dispose() kills workerd with SIGKILL, cutting whatever it is serving, and workerd
// would otherwise own the port. So workerd listens on an internal ephemeral port and this proxy on
// the public one; on close it stops accepting, lets requests in flight finish (bounded), then
// closes what is left, after which workerd can be disposed with nothing in flight.
import { Agent, createServer, request, type IncomingHttpHeaders } from "node:http";
import { createServer as createNetServer, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export interface FrontServer {
  url: URL;
  /** Stop accepting, wait up to `graceMs` for requests in flight, then close every connection. */
  close(graceMs?: number): Promise<void>;
}

/** Headers about one connection, not the message: never forwarded. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "upgrade"]);
/** On stop, the listener stays open this long, and a connection that has not yet carried a request
 * is closed only this long after, so requests already sent when the stop came are still served. */
const SETTLE_MS = 200;

function requestHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name))); // Host kept
}

/** Flat [name, value, ...] without hop-by-hop headers; Node frames the body for its own client. */
function responseHeaders(raw: string[], closing: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (!HOP_BY_HOP.has(name) && name !== "transfer-encoding") out.push(raw[i], raw[i + 1]);
  }
  if (closing) out.push("Connection", "close");
  return out;
}

export async function startFrontServer(target: URL, port: number, host = "127.0.0.1"): Promise<FrontServer> {
  const agent = new Agent({ keepAlive: true });
  const connections = new Map<Socket, { active: number; served: boolean }>();
  let closing = false;

  const http = createServer((req, res) => {
    const connection = connections.get(req.socket)!;
    connection.active++;
    connection.served = true;

    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: requestHeaders(req.headers),
        agent,
      },
      (response) => {
        res.writeHead(response.statusCode!, response.statusMessage, responseHeaders(response.rawHeaders, closing));
        response.pipe(res);
        response.on("error", () => res.destroy());
      },
    );
    upstream.on("error", () => {
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { "content-type": "application/json", ...(closing ? { connection: "close" } : {}) });
      res.end(JSON.stringify({ detail: "Bad gateway: the local runtime did not answer" }));
    });
    res.on("close", () => {
      connection.active--;
      if (!res.writableFinished) upstream.destroy(); // the client went away
    });
    req.pipe(upstream);
  });

  // Connections are accepted here and handed to the HTTP server, so closing the listener does not
  // touch them (http.Server.close() would also drop connections whose first request is unread).
  let accepted = 0;
  const listener = createNetServer((socket) => {
    accepted++;
    connections.set(socket, { active: 0, served: false });
    socket.on("close", () => connections.delete(socket));
    http.emit("connection", socket);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once("error", reject);
    listener.listen(port, host, () => {
      listener.off("error", reject);
      resolve();
    });
  });
  const address = listener.address() as { port: number };

  let closed: Promise<void> | undefined;
  const close = async (graceMs: number) => {
    closing = true;
    const deadline = Date.now() + graceMs;
    // Connections the kernel took before the stop may not have reached this process yet; closing the
    // listener at once would reset them, so it keeps accepting for a moment.
    await sleep(SETTLE_MS);
    // A process too busy to run on time finds that timer expired before it polls its sockets again,
    // and one poll may take only some of the connections waiting at the port: poll (an immediate
    // runs after the poll) until one takes none, or a client that keeps connecting meets the deadline.
    for (let before = -1; before !== accepted && Date.now() < deadline;) {
      before = accepted;
      await new Promise((resolve) => setImmediate(resolve));
    }
    listener.close(); // the port is free from here; connections already accepted stay open
    const closedAt = Date.now();
    while (connections.size > 0 && Date.now() < deadline) {
      const busy = [...connections.values()].some((c) => c.active > 0);
      const settled = Date.now() - closedAt >= SETTLE_MS;
      for (const [socket, c] of connections) if (c.active === 0 && (c.served || (settled && !busy))) socket.destroy();
      await sleep(20);
    }
    for (const socket of connections.keys()) socket.destroy();
    agent.destroy();
  };

  return {
    url: new URL(`http://${host}:${address.port}`),
    close: (graceMs = 5_000) => (closed ??= close(graceMs)),
  };
}
