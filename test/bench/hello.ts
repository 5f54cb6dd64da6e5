// The anchor: a bare hello-world module worker on the same runtime (its own miniflare, so its own
// workerd), answering the small JSON body /health answers. Every case is measured against it.
import { Miniflare } from "miniflare";
import { compatibilityDate } from "../../build/worker-bundle.ts";

const HELLO = `
const body = JSON.stringify({ status: "ok", environment: "local" });
export default {
  fetch() {
    return new Response(body, { headers: { "content-type": "application/json" } });
  },
};
`;

export async function startHello(): Promise<{ mf: Miniflare; url: URL }> {
  const mf = new Miniflare({
    modules: true,
    script: HELLO,
    compatibilityDate: compatibilityDate(),
    host: "127.0.0.1",
    port: 0,
  });
  return { mf, url: await mf.ready };
}
