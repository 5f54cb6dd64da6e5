// The family registry: causal order enforced by the types, and shards written only through SHARDS.
import { describe, expect, it } from "vitest";
import type { Row } from "../../src/bundle/shard.ts";
import { SHARDS } from "../../src/families/shards.ts";
import type { ShardKind } from "../../src/bundle/shards.ts";
import { DEFAULT_SRC_DIR } from "../../build/pipeline/library.ts";
import { company } from "../../build/families/company/family.ts";
import { events } from "../../build/families/events/family.ts";
import { exits } from "../../build/families/exits/family.ts";
import { listings } from "../../build/families/listings/family.ts";
import { registry, type ShardSink } from "../../build/ground/family.ts";
import { rates } from "../../build/families/rates/family.ts";
import { FAMILIES } from "../../build/families/registry.ts";
import { regimes } from "../../build/families/regimes/family.ts";
import { universe } from "../../build/families/universe/family.ts";
import { defaultSources } from "../../build/pipeline/theme-source.ts";
import { generateWorld } from "../../build/pipeline/world.ts";

describe("family registry", () => {
  it("refuses, at compile time, a family before a family it reads", () => {
    const ordered = registry().add(regimes).add(universe).add(rates).add(listings).add(exits).add(company).add(events);
    expect(ordered.families.map((f) => f.name)).toEqual([
      "regimes",
      "universe",
      "rates",
      "listings",
      "exits",
      "company",
      "events",
    ]);
    // @ts-expect-error events reads the central banks' decisions, not generated yet
    registry().add(regimes).add(universe).add(listings).add(exits).add(company).add(events);
    // @ts-expect-error events reads each company's core (its own news, business and analysts)
    registry().add(regimes).add(universe).add(rates).add(listings).add(exits).add(events);
    // @ts-expect-error exits begin after each company's listing: it reads the listings
    registry().add(regimes).add(universe).add(rates).add(exits);
    // @ts-expect-error a future branch's listings are modelled on the regimes: the universe reads them
    registry().add(universe).add(regimes);
  });

  it("refuses a company step without its context cut (the report of a future branch needs it)", () => {
    expect(() => registry().add({ name: "x", context: () => ({}), company: () => ({ x: 1 }) })).toThrow(
      /companyContext/,
    );
  });

  it("refuses a company step without its cut from a listing (an entrant's private history is hidden)", () => {
    expect(() =>
      registry().add({ name: "x", context: () => ({}), company: () => ({ x: 1 }), companyContext: (c) => c }),
    ).toThrow(/companySince/);
  });

  it("names every family once", () => {
    const names = FAMILIES.families.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("has families write only shard kinds declared in SHARDS", () => {
    const source = defaultSources(DEFAULT_SRC_DIR).find((l) => l.source.name === "rate-shock-2022")!.source;
    const world = generateWorld(source);
    const declared = new Set<ShardKind<readonly string[]>>(Object.values(SHARDS));
    const written: string[] = [];
    const appended = new Map<string, string>();
    const sink = (family: string): ShardSink => {
      const check = (kind: ShardKind<readonly string[]>, part: string | undefined, rows: Row[], columns: number) => {
        expect(declared.has(kind), `${family}: ${kind.name(part)}`).toBe(true);
        for (const row of rows) expect(row).toHaveLength(columns);
      };
      return {
        write: (kind, part, rows) => {
          check(kind, part, rows, kind.columns.length);
          written.push(kind.name(part));
        },
        append: (kind, part, rows) => {
          check(kind, part, rows, (kind.merge ?? kind).columns.length);
          expect(appended.get(kind.name(part)) ?? family).toBe(family);
          appended.set(kind.name(part), family);
        },
      };
    };
    for (const company of world.perCompany) {
      for (const family of FAMILIES.families) family.companyShards?.(world, company, sink(family.name));
    }
    for (const family of FAMILIES.families) family.shards?.(world, sink(family.name));
    expect(new Set(written).size).toBe(written.length);
    expect(written.filter((name) => appended.has(name))).toEqual([]);
    expect(written).toEqual(
      expect.arrayContaining([`prices/${world.companies[0].ticker}`, "market/macro", "rates/FED", "companies"]),
    );
    expect([...appended.keys()]).toEqual(expect.arrayContaining(["market/snapshots/2022-06", "events/all/2022"]));
  });
});
