// Key management over HTTP (src/routes/keys.ts), the door the dashboard's key page uses: open on the
// local runtime, behind the operator credential on a deployment; secrets shown once, stored as
// hashes; clock horizons only forward; bad input answered with {detail}, never a 5xx.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestRuntime, type TestRuntime } from "../support/runtime.ts";
import { base, body, get, KEY, MEGACAP } from "./client.ts";

const send = (path: string, method: string, payload?: unknown, headers: Record<string, string> = {}, at = base) =>
  fetch(at + path, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: payload === undefined ? undefined : typeof payload === "string" ? payload : JSON.stringify(payload),
  });
const detailOf = async (res: Response) => ((await res.json()) as { detail: string }).detail;

describe("key management on the local runtime", () => {
  it("creates a key whose secret is shown once, lists it by hash prefix, moves its clock forward only, revokes it", async () => {
    const made = await send("/keys/create", "POST", {
      account_id: "api-test",
      scenario_id: MEGACAP,
      horizon: "2023-03-31",
    });
    expect(made.status).toBe(200);
    const { key, entry } = (await made.json()) as { key: string; entry: { hash_prefix: string; clock: unknown } };
    expect(entry.clock).toEqual({ scenario_id: MEGACAP, horizon: "2023-03-31" });
    const listed = (await (await send("/keys", "GET")).json()) as { keys: { hash_prefix: string }[] };
    expect(listed.keys.map((k) => k.hash_prefix)).toContain(entry.hash_prefix);
    expect(JSON.stringify(listed)).not.toContain(key);

    const asked = await get(`/prices?scenario_id=${MEGACAP}&ticker=AAPL&limit=5000`, key);
    expect(asked.headers.get("X-Clock-Horizon")).toBe("2023-03-31");
    expect((await body("/account")).account.account_id).toBe("acct-main");

    const back = await send(`/keys/${entry.hash_prefix}/horizon`, "POST", { horizon: "2023-03-30" });
    expect(back.status).toBe(422);
    expect(await detailOf(back)).toBe("a clock moves forward only: 2023-03-30 is before its horizon 2023-03-31");
    const forward = await send(`/keys/${entry.hash_prefix}/horizon`, "POST", { horizon: "2023-04-28" });
    expect(((await forward.json()) as { entry: { clock: { horizon: string } } }).entry.clock.horizon).toBe(
      "2023-04-28",
    );

    expect((await send(`/keys/${entry.hash_prefix}/revoke`, "POST")).status).toBe(200);
    const gone = (await (await send("/keys", "GET")).json()) as { keys: { hash_prefix: string }[] };
    expect(gone.keys.map((k) => k.hash_prefix)).not.toContain(entry.hash_prefix);
  });

  it.each([
    ["/keys/create", "not json", 422],
    ["/keys/create", [], 422],
    ["/keys/create", {}, 422],
    ["/keys/create", { account_id: "a", colour: "red" }, 422],
    ["/keys/create", { account_id: "a", scenario_id: MEGACAP }, 422],
    ["/keys/create", { account_id: "a", scenario_id: MEGACAP, horizon: "2023-02-30" }, 422],
    ["/keys/create", { account_id: "a", rate_limit_per_minute: 0 }, 422],
    ["/keys/zzzz/revoke", undefined, 422],
    ["/keys/000000000000/revoke", undefined, 404],
    ["/keys/000000000000/horizon", { horizon: "2030-01-01" }, 404],
    ["/keys/000000000000/horizon", "{", 422],
  ])("answers POST %s %j with %i and a {detail}", async (path, payload, status) => {
    const res = await send(path, "POST", payload);
    expect(res.status).toBe(status);
    expect(await detailOf(res)).toBeTruthy();
  });

  it("answers other methods with 405", async () => {
    expect((await send("/keys", "DELETE")).status).toBe(405);
    expect((await send("/keys/create", "GET")).status).toBe(405);
  });
});

describe("key management on a deployment", () => {
  let deployed: TestRuntime;
  let unconfigured: TestRuntime;
  beforeAll(async () => {
    const bundlesDir = inject("bundlesDir");
    deployed = await startTestRuntime({
      bundlesDir,
      bindings: { ENVIRONMENT: "production", OPERATOR_KEY: "op-secret-0123456789" },
    });
    unconfigured = await startTestRuntime({ bundlesDir, bindings: { ENVIRONMENT: "production" } });
  }, 120_000);
  afterAll(async () => {
    await deployed?.stop();
    await unconfigured?.stop();
  });

  it("needs the operator credential, and is off without one configured", async () => {
    for (const headers of [{}, { "X-Operator-Key": "wrong" }] as Record<string, string>[]) {
      const res = await send("/keys", "GET", undefined, headers, deployed.base);
      expect(res.status).toBe(401);
      expect(await detailOf(res)).toBe("Missing or invalid X-Operator-Key header");
    }
    const ok = await send("/keys", "GET", undefined, { "X-Operator-Key": "op-secret-0123456789" }, deployed.base);
    expect(ok.status).toBe(200);
    const made = await send(
      "/keys/create",
      "POST",
      { account_id: "x" },
      { "X-Operator-Key": "op-secret-0123456789" },
      deployed.base,
    );
    const { key } = (await made.json()) as { key: string };
    expect(
      (await deployed.get(`/prices/snapshot?scenario_id=${MEGACAP}&ticker=AAPL&as_of=2023-06-30`, key)).status,
    ).toBe(200);
    const off = await send("/keys", "GET", undefined, { "X-Operator-Key": "anything" }, unconfigured.base);
    expect(off.status).toBe(403);
    expect(await detailOf(off)).toMatch(/^Key management is off on this deployment/);
    // An API key is no operator credential.
    expect((await send("/keys", "GET", undefined, { "X-API-KEY": KEY }, deployed.base)).status).toBe(401);
  }, 60_000);
});
