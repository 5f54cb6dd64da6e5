// The anchor: a bare hello-world module worker on the same runtime as the service (its own workerd,
// build/serve/serve-worker.ts), answering the small JSON body /health answers. Every case of the table is
// measured against it, both through miniflare's entry socket.
import { serveWorker, type ServedWorker } from "../../build/serve/serve-worker.ts";
import { compatibilityDate } from "../../build/serve/worker-bundle.ts";

const HELLO = `
const body = JSON.stringify({ status: "ok", environment: "local" });
export default {
  fetch() {
    return new Response(body, { headers: { "content-type": "application/json" } });
  },
};
`;

export function startHello(): Promise<ServedWorker> {
  return serveWorker({ modules: true, script: HELLO, compatibilityDate: compatibilityDate() });
}
