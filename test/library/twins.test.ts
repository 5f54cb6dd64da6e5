// Counterfactual twins: one world up to a branch date, another path after it. Every twin pair of the
// library, built small (ten companies: test/support/fixtures.ts), serves byte-identical rows on every route as of the day
// before its branch: prices, statements, estimates and guidance, news, filings, ownership, everything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tradingDays } from "../../build/models/calendar.ts";
import { crawl } from "../support/crawl.ts";
import { readCatalog } from "../support/bundles.ts";
import { SMALL_TWINS_LIBRARY, smallTwinSources } from "../support/fixtures.ts";
import { fixtureLibrary } from "../support/libraries.ts";
import { startTestRuntime, type TestRuntime } from "../support/runtime.ts";

const KEY = "sm_twins_test_key_0123456789";
const small = smallTwinSources();
/** Each pair once: [the counterfactual one, the one it names]. */
const pairs = small
  .filter((l) => l.source.twin!.counterfactual)
  .map((l) => [l.source, small.find((o) => o.source.name === l.source.twin!.name)!.source] as const);

let outDir: string;
let rt: TestRuntime;
beforeAll(async () => {
  outDir = await fixtureLibrary(SMALL_TWINS_LIBRARY);
  rt = await startTestRuntime({ bundlesDir: outDir });
  await rt.addKey(KEY, 1e9);
}, 600_000);
afterAll(async () => {
  await rt?.stop();
});

const idOf = (name: string) => readCatalog(outDir).scenarios.find((e) => e.scenario.name === name)!;

describe("the library's twins", () => {
  it("are at least ten pairs, each sharing a theme and a split", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    for (const [twin, of] of pairs) {
      expect([twin.theme, twin.dataset_split], twin.name).toEqual([of.theme, of.dataset_split]);
      expect(twin.twin!.branch_date).toBe(of.twin!.branch_date);
    }
  });

  it("are linked to each other's current id in the catalog", () => {
    for (const [twin, of] of pairs) {
      expect(idOf(twin.name).twin_scenario_id).toBe(idOf(of.name).scenario.id);
      expect(idOf(of.name).twin_scenario_id).toBe(idOf(twin.name).scenario.id);
    }
  });

  describe.each(pairs.map(([twin, of]) => [twin.name, of.name, twin.twin!.branch_date] as const))(
    "%s and %s",
    (twinName, ofName, branch) => {
      it(`serve the same rows on every route as of the day before ${branch}`, async () => {
        const [twin, of] = [idOf(twinName).scenario, idOf(ofName).scenario];
        const eve = tradingDays(twin.start_date, branch)
          .filter((d) => d < branch)
          .at(-1)!;
        const [a, b] = [await crawl(rt.base, KEY, twin.id, eve), await crawl(rt.base, KEY, of.id, eve)];
        expect(a.rows).toBeGreaterThan(1000);
        expect([...a.answers.keys()]).toEqual([...b.answers.keys()]);
        const differing = [...a.answers]
          .filter(([request, answer]) => b.answers.get(request) !== answer)
          .map(([r]) => r);
        expect(differing).toEqual([]);
        // And they part after it: the same request a year on differs somewhere.
        const later = tradingDays(branch, twin.end_date).at(-1)!;
        const [x, y] = [
          await (await rt.get(`/macro?scenario_id=${twin.id}&as_of=${later}&limit=5000`, KEY)).text(),
          await (await rt.get(`/macro?scenario_id=${of.id}&as_of=${later}&limit=5000`, KEY)).text(),
        ];
        expect(x).not.toBe(y);
      }, 180_000);
    },
  );
});
