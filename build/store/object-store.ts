// Where `npm run publish:bundles` writes: the deployment's R2 bucket through R2's S3-compatible API
// (the AWS SDK: retries, multipart for large objects), or the local R2 that `npm start -- --r2 DIR`
// serves (miniflare's R2 persisted in a directory, written through miniflare).
import { readFile } from "node:fs/promises";
import { createReadStream, readFileSync } from "node:fs";
import { join } from "node:path";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { openLocalR2 } from "../serve/local-runtime.ts";
import { ROOT } from "../serve/worker-bundle.ts";

/** What a listing tells of an object: enough to recognise one that is already there. */
export interface StoredObject {
  size: number;
  /** The ETag without quotes: the MD5 of the bytes for an object written in one piece. */
  etag: string;
}

export interface ObjectStore {
  readonly description: string;
  /** The object's bytes, or null when absent. */
  get(key: string): Promise<Uint8Array | null>;
  /**
   * Write an object; readers see the previous object (or none) until the whole new one is there.
   * The signal may stop the write (then the previous object stays).
   */
  put(key: string, body: { path: string; size: number } | Uint8Array, signal?: AbortSignal): Promise<void>;
  /** Every object whose key starts with prefix. */
  list(prefix: string): Promise<Map<string, StoredObject>>;
  close(): Promise<void>;
}

const unquote = (etag: string) => etag.replace(/^W\//, "").replace(/"/g, "");

/** The R2 bucket named in wrangler.toml (the one the worker is bound to). */
export function wranglerBucketName(): string {
  const name = /bucket_name\s*=\s*"([^"]+)"/.exec(readFileSync(join(ROOT, "wrangler.toml"), "utf8"))?.[1];
  if (!name) throw new Error("wrangler.toml has no r2 bucket_name");
  return name;
}

// ---------------------------------------------------------------------------------------------
// The deployment's bucket through R2's S3-compatible API.

export interface S3StoreConfig {
  /** https://<account id>.r2.cloudflarestorage.com, or any S3-compatible endpoint. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Attempts per request, retries included (the SDK retries throttling, 5xx, timeouts and network errors). */
  maxAttempts?: number;
  /** Objects from this size on go up in parts, several at once. */
  multipartThreshold?: number;
  /** Size of each part (R2 wants equal parts of at least 5 MiB, the last one excepted). */
  partSize?: number;
}

const MiB = 1024 * 1024;

/**
 * The configuration from the environment: R2_ACCESS_KEY_ID and R2_SECRET_ACCESS_KEY (an R2 API
 * token with Object Read & Write on the bucket), R2_ACCOUNT_ID (or CLOUDFLARE_ACCOUNT_ID), and
 * optionally R2_BUCKET (default: wrangler.toml's bucket_name) and R2_ENDPOINT (e.g. a jurisdiction's
 * https://<account id>.eu.r2.cloudflarestorage.com).
 */
export function r2ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3StoreConfig {
  const account = env.R2_ACCOUNT_ID ?? env.CLOUDFLARE_ACCOUNT_ID;
  const endpoint = env.R2_ENDPOINT ?? (account ? `https://${account}.r2.cloudflarestorage.com` : undefined);
  const missing = [
    ...(endpoint ? [] : ["R2_ACCOUNT_ID (or CLOUDFLARE_ACCOUNT_ID, or R2_ENDPOINT)"]),
    ...(env.R2_ACCESS_KEY_ID ? [] : ["R2_ACCESS_KEY_ID"]),
    ...(env.R2_SECRET_ACCESS_KEY ? [] : ["R2_SECRET_ACCESS_KEY"]),
  ];
  if (missing.length > 0 || !endpoint || !env.R2_ACCESS_KEY_ID || !env.R2_SECRET_ACCESS_KEY)
    throw new Error(
      `publishing to R2 needs ${missing.join(", ")} in the environment (an R2 API token with Object Read & ` +
        `Write on the bucket); or publish to a local R2 with --local DIR`,
    );
  return {
    endpoint,
    bucket: env.R2_BUCKET ?? wranglerBucketName(),
    accessKeyId: env.R2_ACCESS_KEY_ID,
    secretAccessKey: env.R2_SECRET_ACCESS_KEY,
  };
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

export function openS3Store(config: S3StoreConfig): ObjectStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: "auto",
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: config.maxAttempts ?? 8,
    retryMode: "standard",
    // Send and check checksums only where the API requires them (R2 does not implement them all).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A stalled connection becomes a timeout, which the SDK retries.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  });
  const Bucket = config.bucket;
  // Below the threshold an object is read into memory whole (so at most concurrency x threshold).
  const threshold = Math.max(config.multipartThreshold ?? 32 * MiB, 5 * MiB);
  const partSize = Math.max(config.partSize ?? 8 * MiB, 5 * MiB);
  return {
    description: `R2 bucket ${Bucket} at ${config.endpoint}`,
    async get(key) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return response.Body ? await response.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (httpStatus(error) === 404 || (error as Error).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async put(key, body, signal) {
      if (body instanceof Uint8Array || body.size < threshold) {
        // Bytes in memory, so that a retry can send them again.
        const bytes = body instanceof Uint8Array ? body : await readFile(body.path);
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes }), { abortSignal: signal });
        return;
      }
      // Parts are read from the file one by one (each retried on its own); the object appears only
      // when the upload completes, and a failed upload is aborted.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: createReadStream(body.path) },
        partSize,
        queueSize: 4,
        leavePartsOnError: false,
      });
      const onAbort = () => void upload.abort();
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        await upload.done();
      } finally {
        signal?.removeEventListener("abort", onAbort);
      }
    },
    async list(prefix) {
      const objects = new Map<string, StoredObject>();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const o of page.Contents ?? [])
          if (o.Key) objects.set(o.Key, { size: o.Size ?? -1, etag: unquote(o.ETag ?? "") });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return objects;
    },
    async close() {
      client.destroy();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The local R2: miniflare's R2 persisted in a directory.

export async function openLocalR2Store(persistDir: string): Promise<ObjectStore> {
  const { mf, bucket } = await openLocalR2(persistDir);
  return {
    description: `local R2 in ${persistDir}`,
    async get(key) {
      const object = await bucket.get(key);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    async put(key, body) {
      // A plain copy: miniflare's proxy does not take a Node Buffer (a view into a larger pool).
      await bucket.put(key, new Uint8Array(body instanceof Uint8Array ? body : await readFile(body.path)));
    },
    async list(prefix) {
      const objects = new Map<string, StoredObject>();
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ prefix, cursor, limit: 1000 });
        for (const o of page.objects) objects.set(o.key, { size: o.size, etag: unquote(o.etag) });
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return objects;
    },
    async close() {
      await mf.dispose();
    },
  };
}
