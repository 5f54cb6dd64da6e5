// The TypeScript client (clients/typescript/README.md): the typed API client with its retries, paging
// and backtest clock (client.ts), and evaluation runs (runs.ts).
export * from "./client.ts";
export { joinRun, Run, startRun, type OrderRequest, type RunState } from "./runs.ts";
