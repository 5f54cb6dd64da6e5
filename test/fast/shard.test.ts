import { pack } from "msgpackr";
import { describe, expect, it } from "vitest";
import { DatedRows } from "../../src/bundle/as-of.ts";
import { ByteLruCache } from "../../src/bundle/cache.ts";
import { encodeShard, Shard } from "../../src/bundle/shard.ts";

const days = ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-08"];
const rows = days.map((d, i) => [d, 100 + i, { note: `n${i}` }]);

describe("shard format", () => {
  const shard = new Shard(encodeShard(["time", "close", "meta"], rows, (r) => r[0] as string));

  it("round-trips rows and columns", () => {
    expect(shard.columns).toEqual(["time", "close", "meta"]);
    expect(shard.length).toBe(5);
    expect(shard.rows(0, 5)).toEqual(rows);
  });

  it("decodes only the requested slice", () => {
    expect(shard.rows(1, 3)).toEqual(rows.slice(1, 3));
    expect(shard.rows(3, 3)).toEqual([]);
  });

  it("finds inclusive date windows by binary search", () => {
    expect(shard.window("2024-01-03", "2024-01-05")).toEqual([1, 4]);
    expect(shard.window("2024-01-06", "2024-01-07")).toEqual([4, 4]); // weekend: empty
    expect(shard.window(undefined, "2024-01-01")).toEqual([0, 0]);
    expect(shard.window("2024-01-09")).toEqual([5, 5]);
    expect(shard.window()).toEqual([0, 5]);
    expect(shard.window("2024-01-08", "2024-01-02")).toEqual([4, 4]); // inverted: empty, never negative
  });

  it("answers 'last row on or before' a key", () => {
    expect(shard.lastAtOrBefore("2024-01-06")).toBe(3);
    expect(shard.lastAtOrBefore("2024-01-05")).toBe(3);
    expect(shard.lastAtOrBefore("2024-01-01")).toBe(-1);
  });

  it("packs the header's keys as one run of text, and reads headers packed either way", () => {
    const bytes = encodeShard(["time", "close", "meta"], rows, (r) => r[0] as string);
    const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
    const header = Buffer.from(bytes.subarray(8, 8 + headerLength));
    // Bundled: the keys one after another, decoded at once; unbundled, each has its own length byte.
    expect(header.includes(Buffer.from(days.join("")))).toBe(true);
    // A header as shards were written before 0.58.0 (each string on its own) is read the same.
    const offsets = [0];
    for (const row of rows) offsets.push(offsets[offsets.length - 1] + pack(row).byteLength);
    const plain = pack({ columns: ["time", "close", "meta"], keys: days, offsets });
    const older = new Uint8Array(8 + plain.byteLength + bytes.byteLength - 8 - headerLength);
    older.set(bytes.subarray(0, 4));
    new DataView(older.buffer).setUint32(4, plain.byteLength, true);
    older.set(plain, 8);
    older.set(bytes.subarray(8 + headerLength), 8 + plain.byteLength);
    const read = new Shard(older);
    expect(read.keys).toEqual(days);
    expect(read.rows(0, 5)).toEqual(rows);
  });

  it("rejects unsorted rows and foreign bytes", () => {
    expect(() => encodeShard(["time"], [["b"], ["a"]], (r) => r[0] as string)).toThrow(/not sorted/);
    expect(() => new Shard(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]))).toThrow(/not a shard/);
  });

  it("keeps raw rows as they are, read as views", () => {
    const raw = days.map((d, i) => [d, new Uint8Array([i, i + 1, i + 2])]);
    const binary = new Shard(encodeShard(["time", "bytes"], raw, (r) => r[0] as string, "binary"));
    expect(binary.keys).toEqual(days);
    expect([...binary.bytes(2)]).toEqual([2, 3, 4]);
    expect(() => binary.rows(0, 1)).toThrow(/raw bytes/);
    expect(() => shard.bytes(0)).toThrow(/not raw bytes/);
  });

  it("is byte-identical for identical input", () => {
    const a = encodeShard(["time", "close", "meta"], rows, (r) => r[0] as string);
    const b = encodeShard(["time", "close", "meta"], structuredClone(rows), (r) => r[0] as string);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

describe("byte-bounded LRU cache", () => {
  it("evicts least recently used entries past the byte bound", () => {
    const cache = new ByteLruCache<string>(100);
    cache.set("a", "A", 40);
    cache.set("b", "B", 40);
    expect(cache.get("a")).toBe("A"); // a is now most recent
    cache.set("c", "C", 40);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("A");
    expect(cache.get("c")).toBe("C");
    expect(cache.bytesUsed).toBe(80);
  });

  it("does not cache a value larger than the whole bound", () => {
    const cache = new ByteLruCache<string>(10);
    cache.set("big", "X", 11);
    expect(cache.size).toBe(0);
  });
});

describe("shards of JSON rows", () => {
  const served = rows.map(([time, close, meta]) => ({ time, close, meta }));
  const whole = new Shard(
    encodeShard(["time", "close", "meta"], rows, (r) => r[0] as string, {
      fragment: false,
      text: (r) => JSON.stringify({ time: r[0], close: r[1], meta: r[2] }),
    }),
  );
  const fragments = new Shard(
    encodeShard(["time", "close", "meta"], rows, (r) => r[0] as string, {
      fragment: true,
      text: (r) => JSON.stringify({ close: r[1] }).slice(1, -1),
    }),
  );

  it("answers a window as one slice of the stored text", () => {
    const [from, to] = whole.window("2024-01-03", "2024-01-05");
    expect(JSON.parse(`[${new TextDecoder().decode(whole.json(from, to))}]`)).toEqual(served.slice(1, 4));
    expect(whole.json(2, 2).byteLength).toBe(0);
  });

  it("reads rows back as the objects served, fragments included", () => {
    expect(whole.objects(0, 5)).toEqual(served);
    expect(fragments.objects(1, 3)).toEqual([{ close: 101 }, { close: 102 }]);
    expect(new TextDecoder().decode(fragments.json(0, 2))).toBe('"close":100,"close":101');
  });
});

describe("values derived from rows at a horizon", () => {
  const shard = new Shard(encodeShard(["time", "close", "meta"], rows, (r) => r[0] as string));

  it("are made once per shard row, whatever the view, and never for a row past the view's horizon", () => {
    const memo = new WeakMap<Shard, string[]>();
    let made = 0;
    const make = (view: DatedRows) => (i: number) => `${view.rows(i, i + 1)[0][1]}:${++made}`;
    const early = new DatedRows(shard, "2024-01-03");
    const late = new DatedRows(shard, "2024-01-08");
    expect(early.memoized(memo, 1, make(early))).toBe("101:1");
    expect(late.memoized(memo, 1, make(late))).toBe("101:1"); // another request's view, the same shard
    expect(() => early.memoized(memo, 3, make(early))).toThrow(RangeError);
    expect(late.memoized(memo, 3, make(late))).toBe("103:2");
    const other = new Shard(encodeShard(["time", "close", "meta"], rows, (r) => r[0] as string));
    const view = new DatedRows(other, "2024-01-08");
    expect(view.memoized(memo, 1, make(view))).toBe("101:3");
  });
});
