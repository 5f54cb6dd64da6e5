// The newsrooms (outlets.yaml): the invented outlets and how many of them report a company event,
// checked when this module loads.
import { z } from "zod";
import type { SizeTier } from "../../models/anchors.ts";
import { readDataFile } from "../../ground/data-file.ts";

const Outlet = z.strictObject({
  name: z.string().min(1),
  /** The outlet's host, `<slug>.example`, and its part of an article's id. */
  slug: z.string().regex(/^[a-z0-9-]+$/),
  wire: z.boolean(),
});
export type Outlet = z.infer<typeof Outlet>;

/** [least, most] articles on an event, drawn uniformly. */
const Range = z.tuple([z.int().min(0), z.int().min(0)]).refine(([lo, hi]) => lo <= hi, "least above most");
const Coverage = z.strictObject({ earnings: Range, other: Range });

const Newsrooms = z.strictObject({
  outlets: z.array(Outlet).min(1),
  coverage: z.strictObject({ mega: Coverage, large: Coverage, mid: Coverage, small: Coverage }),
});

const newsrooms = readDataFile(new URL("./outlets.yaml", import.meta.url), Newsrooms);

/** Invented outlets (coined names), each on a reserved example domain. */
export const OUTLETS: readonly Outlet[] = newsrooms.outlets;

/** Articles per company event by the company's size, results apart from other news. */
export const COVERAGE: Record<SizeTier, z.infer<typeof Coverage>> = newsrooms.coverage;
