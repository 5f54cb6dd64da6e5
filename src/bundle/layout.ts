// Store keys of a bundle. Shard keys carry their content hash, so an object never changes once written.
export const CATALOG_KEY = "catalog.mpk";

export function manifestKey(scenarioId: string): string {
  return `scenarios/${scenarioId}/manifest.mpk`;
}

export function validationKey(scenarioId: string, hash: string): string {
  return `scenarios/${scenarioId}/validation.${hash.slice(0, 16)}.mpk`;
}

export function shardKey(scenarioId: string, shardName: string, hash: string): string {
  return `scenarios/${scenarioId}/shards/${shardName}.${hash.slice(0, 16)}.mpk`;
}
