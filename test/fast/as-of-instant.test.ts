// `as_of` with an exchange time (docs/api-choices.md, "Point in time"): points in time compare by
// the moment they name, and a view at an instant shows of that day only the rows public by then.
import { describe, expect, it } from "vitest";
import { DatedRows, FilteredRows } from "../../src/bundle/as-of.ts";
import { encodeShard, Shard, type Row } from "../../src/bundle/shard.ts";
import { earlierPoint, momentOf, normalInstant } from "../../src/contract/instant.ts";
import { horizonOf } from "../../src/http/scenario.ts";

const COLUMNS = ["event_date", "event_id", "public_release_datetime"] as const;
// Keys "<date> <id>": within 2024-01-03 the ids' order is not the releases' order.
const events: Row[] = [
  ["2024-01-02", "a", "2024-01-02T16:05:00"],
  ["2024-01-03", "b", "2024-01-03T16:05:00"],
  ["2024-01-03", "c", "2024-01-03T08:00:00"],
  ["2024-01-03", "d", "2024-01-03T12:15:00"],
  ["2024-01-03", "e", "2024-01-03T16:30:00"],
  ["2024-01-04", "f", "2024-01-04T09:45:00"],
];
const keyOf = (r: Row) => `${r[0]} ${r[1]}`;
const asJson = (r: Row) => JSON.stringify(Object.fromEntries(COLUMNS.map((c, i) => [c, r[i]])));
const packed = new Shard(encodeShard(COLUMNS, events, keyOf));
const json = new Shard(encodeShard(COLUMNS, events, keyOf, { fragment: false, text: asJson }));
const RELEASE = { column: "public_release_datetime" } as const;
const at = (shard: Shard, instant: string) => new DatedRows(shard, "2024-01-02", { instant, publicAt: RELEASE });
const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.event_id);

describe("points in time", () => {
  it("take a date, or a date and a time of day, with or without seconds", () => {
    expect(normalInstant("2024-01-03T14:30")).toBe("2024-01-03T14:30:00");
    expect(normalInstant("2024-01-03T14:30:15")).toBe("2024-01-03T14:30:15");
    for (const bad of ["2024-01-03", "2024-01-03T24:00", "2024-01-03T14:60", "2024-01-03 14:30", "2024-01-03T9:30"])
      expect(normalInstant(bad)).toBeNull();
  });

  it("compare by the moment they name: a date is the end of its day", () => {
    expect(momentOf("2024-01-03") > momentOf("2024-01-03T23:59:59")).toBe(true);
    expect(earlierPoint("2024-01-03", "2024-01-03T14:30:00")).toBe("2024-01-03T14:30:00");
    expect(earlierPoint("2024-01-02", "2024-01-03T14:30:00")).toBe("2024-01-02");
  });

  it("set a request's horizon: its earliest, never after the world's end_date", () => {
    const world = { current_date: "2024-01-05", end_date: "2024-01-10" };
    expect(horizonOf(["2024-01-03T14:30:00"], world)).toBe("2024-01-03T14:30:00");
    expect(horizonOf(["2024-01-03", "2024-01-03T14:30:00"], world)).toBe("2024-01-03T14:30:00");
    expect(horizonOf(["2024-01-10T10:00:00"], world)).toBe("2024-01-10T10:00:00");
    expect(horizonOf(["2024-01-11T10:00:00"], world)).toBe("2024-01-10");
    expect(horizonOf([undefined], world)).toBe("2024-01-05");
    expect(horizonOf(["2024-01-08"], world)).toBe("2024-01-08");
  });
});

describe("a view at an instant", () => {
  it("shows the day's rows released by then, and none released later, in key order", () => {
    for (const shard of [packed, json]) {
      const view = at(shard, "2024-01-03T12:15:00");
      expect(view.length).toBe(3);
      expect(ids(view.objects(0, view.length))).toEqual(["a", "c", "d"]);
      expect(view.keys(0, 3)).toEqual(["2024-01-02 a", "2024-01-03 c", "2024-01-03 d"]);
      expect(view.window("2024-01-03", "2024-01-03~")).toEqual([1, 3]);
      expect(view.find("2024-01-03 b")).toBe(-1);
      expect(view.find("2024-01-03 d")).toBe(2);
      expect(view.upperBound("2024-01-03 c")).toBe(2);
      expect(() => view.key(3)).toThrow(RangeError);
    }
    const text = new TextDecoder().decode(at(json, "2024-01-03T12:15:00").json(0, 3));
    expect(ids(JSON.parse(`[${text}]`))).toEqual(["a", "c", "d"]);
    expect(ids(at(json, "2024-01-03T12:15:00").objects(1, 2))).toEqual(["c"]);
  });

  it("shows none of the day before its first release, all of it after its last, nothing of the next day", () => {
    expect(at(packed, "2024-01-03T07:59:59").length).toBe(1);
    expect(ids(at(packed, "2024-01-03T23:00:00").objects(0, 9))).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("shows a kind without times of its day's rows only from the day's end", () => {
    expect(new DatedRows(packed, "2024-01-02").length).toBe(1);
    const close = { time: "16:00:00" };
    expect(new DatedRows(packed, "2024-01-02", { instant: "2024-01-03T15:59:00", publicAt: close }).length).toBe(1);
    expect(new DatedRows(packed, "2024-01-02", { instant: "2024-01-03T16:00:00", publicAt: close }).length).toBe(5);
  });

  it("filters rows dated by a column the same way", () => {
    const rows = new FilteredRows(packed, "event_date", "2024-01-02", [], {
      instant: "2024-01-03T12:15:00",
      publicAt: RELEASE,
    });
    expect(ids(rows.visible(0, events.length).map(({ row }) => row))).toEqual(["a", "c", "d"]);
    expect(() => rows.at(1)).toThrow(RangeError);
  });
});
