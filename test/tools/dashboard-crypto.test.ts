// The dashboard's crypto section (docs/dashboard.md) in a real headless Chromium (Debian's package,
// driven by playwright-core) against the worker in workerd: a world's crypto chart holds the bars
// /crypto/prices serves for the asset, from its first day in the world to current_date, and opens on
// that whole window; choosing another asset charts its bars on its own window; a world of 1997 (the replicas' library,
// fixtures.ts) shows no crypto section and no error. Screenshots go to test-results/dashboard/.
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base, body, CRISIS, KEY, MEGACAP } from "../e2e/client.ts";
import { launchChromium, openDashboard, SHOTS } from "../support/chromium.ts";
import { REPLICAS_LIBRARY, REPLICATED } from "../support/fixtures.ts";
import { fixtureLibrary } from "../support/libraries.ts";
import { startTestRuntime, type TestRuntime } from "../support/runtime.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

type Asset = { ticker: string; name: string; first_day: string };

/** The crypto chart as drawn: its asset, bar count, first and last bars, and the dates it shows. */
async function cryptoChart(page: Page) {
  // The chart reports what it shows once it has its size.
  await page.waitForFunction(`Boolean(document.getElementById("crypto-chart")?.dataset.shownTo)`, null, {
    timeout: 10_000,
  });
  return page
    .locator("#crypto-chart")
    .evaluate((box) => ["ticker", "bars", "first", "last", "shownFrom", "shownTo"].map((k) => box.dataset[k]));
}

const options = (page: Page) =>
  page.locator('select[name="crypto"] option').evaluateAll((os) => os.map((o) => o.getAttribute("value")));

/** What the dashboard should show of an asset: the bars /crypto/prices serves up to current_date. */
async function served(id: string, ticker: string) {
  const { prices } = await body(`/crypto/prices?scenario_id=${id}&ticker=${ticker}&limit=10000`);
  return [ticker, String(prices.length), prices[0].time, prices.at(-1).time, prices[0].time, prices.at(-1).time];
}

describe("the dashboard's crypto section", () => {
  it("charts a world's crypto assets, the first on its whole window", async () => {
    const { scenario } = await body(`/scenarios/${MEGACAP}`);
    const { assets } = (await body(`/crypto/prices/tickers?scenario_id=${MEGACAP}`)) as { assets: Asset[] };
    const { page, errors } = await openDashboard(browser, base, `#/scenario/${MEGACAP}`, KEY);
    expect(await page.locator("#crypto").getAttribute("data-assets")).toBe(String(assets.length));
    expect(await options(page)).toEqual(["BTC-USD", "ETH-USD", "SOL-USD"]);
    const btc = await served(MEGACAP, "BTC-USD");
    expect(btc.slice(2, 4)).toEqual([assets[0].first_day, scenario.current_date]);
    expect(await cryptoChart(page)).toEqual(btc);
    expect(await page.locator("#crypto-chart canvas").count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, "crypto.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("opens a fifteen-year world's Bitcoin from 2010-07-18, and Ether from its launch when chosen", async () => {
    const { scenario } = await body(`/scenarios/${CRISIS}`);
    const { page, errors } = await openDashboard(browser, base, `#/scenario/${CRISIS}`, KEY);
    expect(await options(page)).toEqual(
      ((await body(`/crypto/prices/tickers?scenario_id=${CRISIS}`)).assets as Asset[]).map((a) => a.ticker),
    );
    const btc = await served(CRISIS, "BTC-USD");
    expect(btc.slice(2, 4)).toEqual(["2010-07-18", scenario.current_date]);
    expect(await cryptoChart(page)).toEqual(btc);

    await page.selectOption('select[name="crypto"]', "ETH-USD");
    await page.waitForFunction(
      `document.getElementById("crypto-chart")?.dataset.ready === "true" && document.getElementById("crypto-chart")?.dataset.ticker === "ETH-USD"`,
      null,
      { timeout: 30_000 },
    );
    const eth = await served(CRISIS, "ETH-USD");
    expect(eth.slice(2, 4)).toEqual(["2015-08-07", scenario.current_date]);
    expect(await cryptoChart(page)).toEqual(eth);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  describe("in a world of 1997", () => {
    const key = "sm_test_dashboard_crypto_0123";
    let rt: TestRuntime;
    beforeAll(async () => {
      rt = await startTestRuntime({ bundlesDir: await fixtureLibrary(REPLICAS_LIBRARY) });
      await rt.addKey(key, 1_000_000, "acct-dashboard-crypto");
    }, 600_000);
    afterAll(async () => {
      await rt?.stop();
    });

    it("shows no crypto section, and no error", async () => {
      const { scenarios } = (await (await rt.get("/scenarios?masked=false&replicas=false", key)).json()) as {
        scenarios: { id: string; name: string; current_date: string }[];
      };
      const world = scenarios.find((s) => s.name === REPLICATED)!;
      expect(world.current_date < "2010-07-18").toBe(true);
      const tickers = await rt.get(`/crypto/prices/tickers?scenario_id=${world.id}`, key);
      expect(await tickers.json()).toEqual({ tickers: [], assets: [] });

      const { page, errors } = await openDashboard(browser, rt.base, `#/scenario/${world.id}`, key);
      expect(await page.locator("#crypto").getAttribute("data-assets")).toBe("0");
      expect(await page.locator("#crypto").innerHTML()).toBe("");
      expect(await page.locator("#crypto-chart").count()).toBe(0);
      // The rest of the page is drawn as in any world.
      expect(await page.locator("#chart").getAttribute("data-ready")).toBe("true");
      expect(Number(await page.locator("#chart").getAttribute("data-bars"))).toBeGreaterThan(0);
      await page.screenshot({ path: join(SHOTS, "no-crypto.png"), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
  });
});
