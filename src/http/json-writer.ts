// JSON written straight into bytes, for answers a route makes row by row rather than slicing them
// from a shard (intraday bars): building each row as a string, joining the rows and encoding the
// whole cost more than making the bars (docs/performance.md). The caller encodes the fixed parts of
// its rows (keys, punctuation) once and writes them with `raw`; numbers are written here as
// JSON.stringify prints them.

const utf8 = new TextEncoder();

export class JsonWriter {
  private buffer: Uint8Array;
  private at = 0;

  constructor(capacity = 64 * 1024) {
    this.buffer = new Uint8Array(capacity);
  }

  /** Bytes written so far. */
  get length(): number {
    return this.at;
  }

  /** What was written: a view of the writer's buffer. */
  get bytes(): Uint8Array {
    return this.buffer.subarray(0, this.at);
  }

  /** Bytes already encoded. */
  raw(bytes: Uint8Array): void {
    this.room(bytes.length);
    // A loop: the pieces are a few dozen bytes, for which set() costs more than the copy.
    const buffer = this.buffer;
    let at = this.at;
    for (let i = 0; i < bytes.length; i++) buffer[at++] = bytes[i];
    this.at = at;
  }

  /**
   * A number as JSON.stringify prints it. Whole numbers and prices in cents (below a billion, where
   * a double tells every cent apart, so its shortest form is the cents' own digits) are written
   * digit by digit; anything else through JSON.stringify.
   */
  number(x: number): void {
    if (Number.isSafeInteger(x) && x >= 0) return this.digits(x);
    const cents = Math.round(x * 100);
    if (!(x > 0 && x < 1e9 && cents / 100 === x)) return this.raw(utf8.encode(JSON.stringify(x)));
    const whole = Math.floor(cents / 100);
    const fraction = cents - whole * 100;
    this.digits(whole);
    this.room(3);
    this.buffer[this.at++] = DOT;
    this.buffer[this.at++] = ZERO + Math.floor(fraction / 10);
    if (fraction % 10 !== 0) this.buffer[this.at++] = ZERO + (fraction % 10);
  }

  /** A whole number from 0 to 2^53 in decimal. */
  private digits(n: number): void {
    let length = 1;
    for (let power = 10; power <= n; power *= 10) length++;
    this.room(length);
    for (let i = this.at + length - 1; i >= this.at; i--) {
      const rest = Math.floor(n / 10);
      this.buffer[i] = ZERO + (n - rest * 10);
      n = rest;
    }
    this.at += length;
  }

  /** Room for `bytes` more, the buffer doubled as often as needed. */
  private room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.at + bytes) size *= 2;
    const larger = new Uint8Array(size);
    larger.set(this.bytes);
    this.buffer = larger;
  }
}

const [ZERO, DOT] = [0x30, 0x2e];
