// The crypto family's table (assets.yaml): assets, anchor levels and tuning numbers, checked when loaded.
import { z } from "zod";
import { readDataFile } from "../../ground/data-file.ts";
import { isoDate, REGIMES } from "../../ground/scenario-source.ts";

export const CRYPTO_REGIMES = ["boom", "normal", "winter"] as const;
export type CryptoRegime = (typeof CRYPTO_REGIMES)[number];

const Asset = z
  .object({
    ticker: z.string().regex(/^[A-Z]+-USD$/),
    name: z.string(),
    first_day: isoDate,
    annual_vol: z.number().positive(),
    crypto_correlation: z.number().min(0).max(1),
    coin_volume: z.number().positive(),
    anchors: z.array(z.object({ date: isoDate, price: z.number().positive() }).strict()).min(1),
  })
  .strict();

const CryptoRegimeParams = z
  .object({
    drift: z.number(),
    vol: z.number().positive(),
    duration: z.number().positive(),
    max_duration: z.number().positive().optional(),
    next: z.partialRecord(z.enum(CRYPTO_REGIMES), z.number().positive()),
  })
  .strict();

const EquityRegimeParams = z
  .object({ correlation: z.number().min(0).max(1), vol: z.number().positive(), jumps: z.number().min(0) })
  .strict();

const Jumps = z
  .object({
    rate: z.record(z.enum(CRYPTO_REGIMES), z.number().min(0)),
    down: z.record(z.enum(CRYPTO_REGIMES), z.number().min(0).max(1)),
    floor: z.number().min(0),
    excess: z.number().positive(),
    wick: z.number().min(0),
  })
  .strict();

const CryptoTable = z
  .object({
    assets: z.array(Asset).min(1),
    regimes: z.record(z.enum(CRYPTO_REGIMES), CryptoRegimeParams),
    equity_regimes: z.record(z.enum(REGIMES), EquityRegimeParams),
    tail_dof: z.number().gt(2),
    vol_persistence: z.number().min(0).lt(1),
    vol_of_vol: z.number().min(0),
    jumps: Jumps,
  })
  .strict();

export type CryptoAsset = z.infer<typeof Asset>;
export type CryptoTable = z.infer<typeof CryptoTable>;

export const CRYPTO = readDataFile(new URL("./assets.yaml", import.meta.url), CryptoTable);
