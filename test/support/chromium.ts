// A real headless Chromium (Debian's package, driven by playwright-core) for the dashboard's tests,
// and a dashboard page opened in it with a key, once its view is ready.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";
/** Where the dashboard's screenshots are saved (git-ignored). */
export const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "dashboard");

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium (apt-get install chromium)`);
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    // This machine's network is closed: Chromium's own background connections would only fail.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A page of the dashboard at `base` with the key (or none) in its storage, collecting console errors and uncaught exceptions. */
export async function openDashboard(
  browser: Browser,
  base: string,
  hash: string,
  key: string | null,
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  if (key) await page.addInitScript((k) => localStorage.setItem("synthmarket-key", k), key);
  await page.goto(`${base}/${hash}`);
  await page
    .waitForFunction("['true', 'error'].includes(document.getElementById('view')?.dataset.ready)", null, {
      timeout: 30_000,
    })
    .catch(async (e) => {
      throw new Error(`${hash}: ${e}\n${errors.join("\n")}\n${await page.locator("#view").innerHTML()}`);
    });
  const state = await page.locator("#view").getAttribute("data-ready");
  if (state !== "true") throw new Error(`${hash}: ${await page.locator("#view").textContent()}`);
  return { page, errors };
}
