import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { archetypeOf, parseArchetypes } from "../../build/models/archetypes.ts";

const FILE = "build/models/archetypes.yaml";
const text = readFileSync(FILE, "utf8");

describe("sector archetypes (build/models/archetypes.yaml)", () => {
  it("give a sector's own values over the base's, in the base's order", () => {
    const tech = archetypeOf("Information Technology");
    expect(Object.keys(tech)).toEqual(Object.keys(parseArchetypes(text, FILE).base));
    expect(tech).toMatchObject({ grossMargin: 0.6, depreciation: 0.04, marketLeverage: 0.07, holidayShare: 0.25 });
    expect(archetypeOf("No Such Sector")).toEqual(parseArchetypes(text, FILE).base);
  });

  it("refuse a table that does not validate, naming the file and the failing path", () => {
    const wrongValue = text.replace("  Energy:\n    marketLeverage: 0.3", "  Energy:\n    marketLeverage: 1.3");
    expect(() => parseArchetypes(wrongValue, FILE)).toThrow(/archetypes\.yaml[\s\S]*sectors\.Energy\.marketLeverage/);
    const misspelt = text.replace("  Energy:\n", "  Energy:\n    grossMargn: 0.3\n");
    expect(() => parseArchetypes(misspelt, FILE)).toThrow(/archetypes\.yaml[\s\S]*sectors\.Energy[\s\S]*grossMargn/);
    const missing = text.replace("  capex: 0.045\n", "");
    expect(() => parseArchetypes(missing, FILE)).toThrow(/archetypes\.yaml[\s\S]*base\.capex/);
    expect(() => parseArchetypes("base: [", FILE)).toThrow(/archetypes\.yaml: not YAML/);
  });
});
