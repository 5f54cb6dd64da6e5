// Store keys of a bundle. A scenario's id never gets new content (publishing refuses it), so every
// key below a scenario names bytes that never change.
export const CATALOG_KEY = "catalog.mpk";

export function manifestKey(scenarioId: string): string {
  return `scenarios/${scenarioId}/manifest.mpk`;
}

export function validationKey(scenarioId: string): string {
  return `scenarios/${scenarioId}/validation.mpk`;
}

export function shardKey(scenarioId: string, shardName: string): string {
  return `scenarios/${scenarioId}/shards/${shardName}.mpk`;
}

/** Static files the worker serves itself (the reference page's script and stylesheet). */
export function assetKey(name: string): string {
  return `assets/${name}`;
}
