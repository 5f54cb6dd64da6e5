// Store keys of a bundle. A scenario's id is the hash of its content (build/store/content.ts), so
// every key below a scenario names bytes that never change.
export const CATALOG_KEY = "catalog.mpk";

/** Paths inside a scenario's directory: the build writes them before it knows the id. */
export const MANIFEST_PATH = "manifest.mpk";
export const VALIDATION_PATH = "validation.mpk";
/** A scenario's baselines (build/runs/baselines.ts), scored from its shards after they are written. */
export const BASELINES_PATH = "baselines.mpk";
export const shardPath = (shardName: string) => `shards/${shardName}.mpk`;

/** The store key of a path inside a scenario's directory. */
export function scenarioKey(scenarioId: string, path: string): string {
  return `scenarios/${scenarioId}/${path}`;
}

export function manifestKey(scenarioId: string): string {
  return scenarioKey(scenarioId, MANIFEST_PATH);
}

export function validationKey(scenarioId: string): string {
  return scenarioKey(scenarioId, VALIDATION_PATH);
}

export function shardKey(scenarioId: string, shardName: string): string {
  return scenarioKey(scenarioId, shardPath(shardName));
}

/** Static files the worker serves itself (the reference page's script and stylesheet). */
export function assetKey(name: string): string {
  return `assets/${name}`;
}

/**
 * A scenario's bulk export (build/exports): its files and `manifest.json`, written once after the
 * scenario is built and never rewritten (docs/exports.md), so they are as immutable as its shards.
 */
export const EXPORTS_MANIFEST = "manifest.json";
export function exportKey(scenarioId: string, file: string): string {
  return scenarioKey(scenarioId, `exports/${file}`);
}

/**
 * In a scenario's exports directory while `npm start` builds them in the background (build/cli/start.ts):
 * its export routes then answer 503 with Retry-After rather than 404. Local only: never published
 * (build/store/publish.ts) nor hashed, removed once the manifest is in place or `npm start` stops.
 */
export const EXPORTS_PENDING = "pending.json";

/** What the marker says: who builds the export, and when it should be ready (an estimate). */
export interface ExportsPending {
  /** The process building it: a marker whose process is gone is stale (a run that was killed). */
  pid: number;
  /** ISO 8601. */
  ready_by: string;
}

/**
 * Objects stored once (docs/bundle-format.md, "Objects stored once"): a shard identical in several
 * scenarios (a twin's months before its branch) lives once under `objects/<sha256>.mpk`; in the
 * bundles directory each scenario's file is a hard link to it, and in R2 each scenario's key holds a
 * reference to it: this prefix and the object's key, in ASCII (a shard starts with "SMS2").
 */
export const OBJECTS_DIR = "objects";
export const objectKey = (sha256: string) => `${OBJECTS_DIR}/${sha256}.mpk`;
export const REFERENCE_PREFIX = "SMREF1 ";
