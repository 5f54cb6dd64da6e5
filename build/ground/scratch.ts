// Scratch space for the streaming build: what the company pass leaves for after it (per-company
// series for a second pass, rows of market-wide shards by period) goes to temp files, so the
// build's memory does not grow with the universe. A memory-backed scratch keeps the same steps for
// small worlds held whole (tests).
import {
  appendFileSync,
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pack, unpackMultiple } from "msgpackr";
import type { Row } from "../../src/bundle/shard.ts";

/** Fixed-width Float64 records, appended, then read back in order (as often as needed). */
export interface RecordSpill {
  readonly width: number;
  readonly count: number;
  append(record: ArrayLike<number>): void;
  /** Each record in append order; the array yielded is reused, so copy what must outlive the step. */
  read(): Iterable<Float64Array>;
}

/** Rows appended under names (a shard, a period), read back one name at a time. */
export interface RowSpill {
  append(name: string, rows: Row[]): void;
  names(): string[];
  /** The rows appended under `name` so far, in append order. */
  read(name: string): Row[];
}

export interface Scratch {
  records(width: number): RecordSpill;
  rows(): RowSpill;
  /** Removes what it wrote. */
  dispose(): void;
}

class MemoryRecords implements RecordSpill {
  private readonly all: Float64Array[] = [];
  readonly width: number;
  constructor(width: number) {
    this.width = width;
  }
  get count() {
    return this.all.length;
  }
  append(record: ArrayLike<number>) {
    if (record.length !== this.width) throw new Error(`record of ${record.length} values, spill of ${this.width}`);
    this.all.push(Float64Array.from(record));
  }
  read() {
    return this.all;
  }
}

class MemoryRows implements RowSpill {
  private readonly byName = new Map<string, Row[]>();
  append(name: string, rows: Row[]) {
    const list = this.byName.get(name);
    if (list) for (const r of rows) list.push(r);
    else this.byName.set(name, [...rows]);
  }
  names() {
    return [...this.byName.keys()];
  }
  read(name: string) {
    return this.byName.get(name) ?? [];
  }
}

export function memoryScratch(): Scratch {
  return { records: (width) => new MemoryRecords(width), rows: () => new MemoryRows(), dispose: () => {} };
}

/** How much a disk scratch buffers: large writes, little memory. */
export interface Buffering {
  /** Bytes of records read or written at once. */
  chunkBytes: number;
  /** Bytes of rows buffered, across names, before they are written out. */
  rowBytes: number;
}

const BUFFERING: Buffering = { chunkBytes: 1 << 22, rowBytes: 1 << 24 };

class FileRecords implements RecordSpill {
  private readonly fd: number;
  private buffer: Float64Array;
  private buffered = 0;
  count = 0;
  private readonly path: string;
  readonly width: number;

  constructor(path: string, width: number, chunkBytes: number) {
    this.path = path;
    this.width = width;
    this.fd = openSync(path, "w+");
    this.buffer = new Float64Array(Math.max(width, Math.floor(chunkBytes / 8 / width) * width));
  }

  append(record: ArrayLike<number>) {
    if (record.length !== this.width) throw new Error(`record of ${record.length} values, spill of ${this.width}`);
    if (this.buffered + this.width > this.buffer.length) this.flush();
    this.buffer.set(record, this.buffered);
    this.buffered += this.width;
    this.count++;
  }

  private flush() {
    const bytes = new Uint8Array(this.buffer.buffer, 0, this.buffered * 8);
    for (let at = 0; at < bytes.length;) at += writeSync(this.fd, bytes, at, bytes.length - at);
    this.buffered = 0;
  }

  *read(): Iterable<Float64Array> {
    this.flush();
    const perChunk = this.buffer.length / this.width;
    const bytes = new Uint8Array(this.buffer.buffer);
    for (let first = 0; first < this.count; first += perChunk) {
      const n = Math.min(perChunk, this.count - first);
      const length = n * this.width * 8;
      for (let got = 0; got < length;) {
        const r = readSync(this.fd, bytes, got, length - got, first * this.width * 8 + got);
        if (r === 0) throw new Error(`${this.path}: short read`);
        got += r;
      }
      for (let i = 0; i < n; i++) yield this.buffer.subarray(i * this.width, (i + 1) * this.width);
    }
  }

  close() {
    closeSync(this.fd);
  }
}

class FileRows implements RowSpill {
  /** By name: its file (opened only to write a batch: there may be hundreds) and rows not yet written. */
  private readonly files = new Map<string, { path: string; pending: Uint8Array[] }>();
  private pendingBytes = 0;
  private readonly prefix: string;
  private readonly bufferBytes: number;

  constructor(prefix: string, bufferBytes: number) {
    this.prefix = prefix;
    this.bufferBytes = bufferBytes;
  }

  append(name: string, rows: Row[]) {
    let file = this.files.get(name);
    if (!file) this.files.set(name, (file = { path: `${this.prefix}-${this.files.size}`, pending: [] }));
    // Copied: pack's result is a view into msgpackr's shared buffer (up to megabytes), which a
    // small view kept for later would keep alive whole.
    const bytes = Buffer.concat(rows.map((row) => pack(row)));
    file.pending.push(bytes);
    this.pendingBytes += bytes.byteLength;
    if (this.pendingBytes > this.bufferBytes) for (const f of this.files.values()) this.flush(f);
  }

  private flush(file: { path: string; pending: Uint8Array[] }) {
    if (file.pending.length === 0) return;
    const bytes = Buffer.concat(file.pending);
    appendFileSync(file.path, bytes);
    this.pendingBytes -= bytes.length;
    file.pending = [];
  }

  names() {
    return [...this.files.keys()];
  }

  read(name: string): Row[] {
    const file = this.files.get(name);
    if (!file) return [];
    this.flush(file);
    const bytes = readFileSync(file.path);
    return bytes.length ? (unpackMultiple(bytes) as Row[]) : [];
  }
}

const SCRATCH_PREFIX = "synthmarket-build-";
/** A scratch directory's name: the prefix, its process id, a random part. */
const SCRATCH_NAME = /^synthmarket-build-(\d+)-/;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // someone else's process
  }
}

/**
 * A build ended by a signal runs no code of its own (the build is synchronous), so its scratch
 * stays; each temp directory is named after its process, and the next build removes those whose
 * process has ended.
 */
function removeScratchOfEndedBuilds() {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(SCRATCH_NAME.exec(name)?.[1]);
    if (pid && !isRunning(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/** Scratch in a fresh temp directory, removed by `dispose`. */
export function diskScratch(buffering: Buffering = BUFFERING): Scratch {
  removeScratchOfEndedBuilds();
  const dir = mkdtempSync(join(tmpdir(), `${SCRATCH_PREFIX}${process.pid}-`));
  const open: FileRecords[] = [];
  let files = 0;
  return {
    records: (width) => {
      const spill = new FileRecords(join(dir, `records-${files++}`), width, buffering.chunkBytes);
      open.push(spill);
      return spill;
    },
    rows: () => new FileRows(join(dir, `rows-${files++}`), buffering.rowBytes),
    dispose: () => {
      for (const spill of open.splice(0)) spill.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
