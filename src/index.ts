// Worker entry point: a request is admitted (its target and headers are ones HTTP allows), then routed.
import { createApp } from "./app.ts";
import type { Env } from "./env.ts";
import { admit } from "./http/admit.ts";

export { RateLimiter } from "./ratelimit.ts";
export { AccountRuns } from "./runs/account-runs.ts";
export { RunObject } from "./runs/run-object.ts";

const app = createApp();

export default {
  fetch(request, env, ctx) {
    const admitted = admit(request);
    return admitted instanceof Response ? admitted : app.fetch(admitted, env, ctx);
  },
} satisfies ExportedHandler<Env>;
