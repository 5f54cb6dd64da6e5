// The API keys the end-to-end runtime knows. Each test that counts requests against a limit has a
// key of its own, so files running side by side never share a window.
export const KEYS = {
  main: { key: "sm_test_main_key_0123456789", limit: 1_000_000, account: "acct-main" },
  limit100: { key: "sm_test_limit_100_key", limit: 100, account: "acct-limit-100" },
  tinyA: { key: "sm_test_tiny_a_key", limit: 1, account: "acct-tiny-a" },
  tinyB: { key: "sm_test_tiny_b_key", limit: 1, account: "acct-tiny-b" },
  fd: { key: "sm_test_fd_door_key_0123456789", limit: 1000, account: "acct-fd" },
  mcp: { key: "sm_test_mcp_key_0123456789", limit: 1000, account: "acct-mcp" },
  mcpTiny: { key: "sm_test_mcp_tiny_key", limit: 1, account: "acct-mcp-tiny" },
  python: { key: "sm_test_python_client_key", limit: 100_000, account: "acct-python" },
  pythonTiny: { key: "sm_test_python_tiny_key", limit: 1, account: "acct-python-tiny" },
  runs: { key: "sm_test_runs_key_0123456789", limit: 1_000_000, account: "acct-runs" },
  runsOther: { key: "sm_test_runs_other_key_0123", limit: 1_000_000, account: "acct-runs-other" },
  evaluate: { key: "sm_test_evaluate_key_012345", limit: 1_000_000, account: "acct-evaluate" },
} as const;

/**
 * Clock keys (docs/clock-keys.md), each bound to a default scenario (DEFAULT_NAMES: its id is resolved at
 * setup) and a horizon: megacap-tech-2023 in mid-window, the branch scenario inside its branch.
 */
export const CLOCK_KEYS = {
  megacap: { key: "sm_test_clock_megacap_0123", scenario: "MEGACAP", horizon: "2023-06-30" },
  branch: { key: "sm_test_clock_branch_01234", scenario: "BRANCH", horizon: "2026-01-15" },
} as const;
