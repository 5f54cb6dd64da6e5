// HTTP/1.1 over a plain socket, for requests no HTTP client library will send (control bytes in a
// header, raw UTF-8 or absolute-form targets, `OPTIONS *`): the request goes out as the bytes given,
// and the answer is read as a client would, on a connection kept alive until the server closes it.
import { connect, type Socket } from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** An answer, or what happened instead ("reset before an answer", ...). */
export type RawOutcome = RawAnswer | { failed: string };

/** Request bytes: a request line, header lines and an optional body, joined as HTTP frames them. */
export function rawRequest(line: string, headers: string[], body = ""): Buffer {
  const head = [line, ...headers, ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : []), "", ""];
  return Buffer.concat([Buffer.from(head.join("\r\n"), "latin1"), Buffer.from(body)]);
}

const HEAD_END = Buffer.from("\r\n\r\n");

/** One complete answer at the start of `data`, and how many bytes it took; null if more must come. */
function parseAnswer(data: Buffer, bodyless: boolean, ended: boolean): { answer: RawAnswer; used: number } | null {
  const end = data.indexOf(HEAD_END);
  if (end < 0) return null;
  const [statusLine, ...lines] = data.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine.split(" ")[1]);
  const start = end + HEAD_END.length;
  const done = (bodyEnd: number, body: Buffer) => ({
    answer: { status, headers, body: body.toString("utf8") },
    used: bodyEnd,
  });
  if (bodyless || status === 204 || status === 304 || status < 200) return done(start, Buffer.alloc(0));
  if (headers["content-length"] !== undefined) {
    const bodyEnd = start + Number(headers["content-length"]);
    return data.length >= bodyEnd ? done(bodyEnd, data.subarray(start, bodyEnd)) : null;
  }
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    const chunks: Buffer[] = [];
    let at = start;
    for (;;) {
      const lineEnd = data.indexOf("\r\n", at);
      if (lineEnd < 0) return null;
      const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
      if (data.length < lineEnd + 2 + size + 2) return null;
      if (size === 0) return done(lineEnd + 4, Buffer.concat(chunks));
      chunks.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  return ended ? done(data.length, data.subarray(start)) : null; // delimited by the close
}

/** A client connection that sends one request at a time and opens a new socket when the server closed the last. */
export class RawClient {
  private socket: Socket | null = null;
  private buffered = Buffer.alloc(0);
  private ended = false;
  private waiting: (() => void) | null = null;

  private readonly port: number;

  constructor(port: number) {
    this.port = port;
  }

  private open(): Socket {
    const socket = connect(this.port, "127.0.0.1");
    this.buffered = Buffer.alloc(0);
    this.ended = false;
    const wake = () => this.waiting?.();
    socket.on("data", (chunk) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      wake();
    });
    socket.on("error", () => {}); // seen as the close that follows
    socket.on("close", () => {
      this.ended = true;
      if (this.socket === socket) this.socket = null;
      wake();
    });
    return socket;
  }

  /** Sends the bytes on the open connection (or a new one) and waits for the answer. */
  async send(bytes: Buffer, method = "GET"): Promise<RawOutcome> {
    const socket = (this.socket ??= this.open());
    socket.write(bytes);
    for (;;) {
      const parsed = parseAnswer(this.buffered, method === "HEAD", this.ended);
      if (parsed) {
        this.buffered = this.buffered.subarray(parsed.used);
        if (/close/i.test(parsed.answer.headers.connection ?? "") && this.socket === socket) {
          this.socket = null;
          socket.end();
        }
        return parsed.answer;
      }
      if (this.ended)
        return { failed: this.buffered.length ? "closed in the middle of an answer" : "closed without an answer" };
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = null;
    }
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }
}
