// The library's scenario sources, for tests that generate a world in memory: they do so in a
// beforeAll (never at a file's import), from a source named here.
import { DEFAULT_SRC_DIR } from "../../build/pipeline/library.ts";
import type { ScenarioSource } from "../../build/ground/scenario-source.ts";
import { loadScenarioSources } from "../../build/pipeline/theme-source.ts";

let sources: ScenarioSource[] | undefined;

/** The source of the library's scenario of this name. */
export function librarySource(name: string): ScenarioSource {
  sources ??= loadScenarioSources(DEFAULT_SRC_DIR).map((l) => l.source);
  const source = sources.find((s) => s.name === name);
  if (!source) throw new Error(`the library has no scenario named ${name}`);
  return source;
}

/**
 * A small world for properties of generation that are no scenario's story: megacap-tech-2023's year
 * (2023) with six companies and no story (a story gives each sector it names two companies more).
 */
export function smallWorldSource(): ScenarioSource {
  const megacap = librarySource("megacap-tech-2023");
  const tickers = ["AAPL", "MSFT", "NVDA", "JPM", "XOM", "JNJ"];
  return {
    ...megacap,
    name: "small-world",
    story: undefined,
    universe: { ...megacap.universe, tickers, count: tickers.length },
  };
}
