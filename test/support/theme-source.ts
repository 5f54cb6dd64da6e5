// A small theme file's text for tests that write a library of their own (scenarios-src layout):
// worlds of ten companies by default, with whatever else the test's theme states.

/** The YAML of a theme: its title, window, scenario lines (`  - { name, seed, count }`) and extra top-level lines. */
export const themeYaml = (title: string, start: string, end: string, scenarios: string, extra = "") => `title: ${title}
dataset_split: train
path_mode: historical_context
scenario_type: test
macro_regime: expansion
scenario_title: ${title}
market_description: ${title}.
agent_task: Trade it.
window: { start: "${start}", end: "${end}" }
universe: { warrants: 0 }
${extra}scenarios:
${scenarios}`;
