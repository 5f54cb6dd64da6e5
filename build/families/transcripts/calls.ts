// How an earnings call is put together (calls.yaml): its size by the company's size tier, the mood
// the market sets, when it begins, and how each KPI is said. Checked when this module loads.
import { z } from "zod";
import { KPI_FIELDS, type KpiField } from "../../../src/families/kpis/rows.ts";
import { readDataFile } from "../../ground/data-file.ts";

const Range = z.tuple([z.int().min(0), z.int().min(0)]).refine(([lo, hi]) => lo <= hi, "least above most");
const Shape = z.strictObject({
  analysts: Range,
  strategy: Range,
  spotlights: Range,
  remarks_colour: Range,
  preamble: z.number().min(0).max(1),
  answer_colour: Range,
  follow_up: z.number().min(0).max(1),
});
const Time = z.string().regex(/^\d\d:\d\d:\d\d$/);
const Kpi = z.strictObject({ label: z.string().min(1), unit: z.enum(["money", "count", "percent", "price", "ratio"]) });

const Calls = z.strictObject({
  shape: z.strictObject({ mega: Shape, large: Shape, mid: Shape, small: Shape }),
  environment: z.strictObject({ days: z.int().min(1), strong: z.number(), weak: z.number() }),
  call_time: z.strictObject({ before_open: Time, after_close: Time }),
  kpis: z
    .record(z.string(), Kpi)
    .refine((k) => KPI_FIELDS.every((f) => f in k) && Object.keys(k).every((f) => KPI_FIELDS.includes(f as KpiField)), {
      message: "must name every KPI field (src/families/kpis/rows.ts) and no other",
    }),
});

export const CALLS = readDataFile(new URL("./calls.yaml", import.meta.url), Calls);
export type CallShape = z.infer<typeof Shape>;
export type KpiSaying = z.infer<typeof Kpi>;
