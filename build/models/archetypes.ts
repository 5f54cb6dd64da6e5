// The sector archetypes of the business model (fundamentals.ts): how a sector's companies run where
// the anchors say nothing. The numbers live in archetypes.yaml beside this file; the schema below
// checks them when the module loads, so a mistyped field or value stops the build naming the file
// and the field rather than generating from it.
import { z } from "zod";
import { parseDataFile, readDataFile } from "../ground/data-file.ts";

const share = z.number().min(0).max(1);
const days = z.number().min(0);

/** How a sector's companies run (public industry ranges, Damodaran's margin and capital tables). */
const ArchetypeSchema = z
  .object({
    grossMargin: share,
    /** Shares of revenue (D&A divides capital spending, so it is never 0). */
    researchAndDevelopment: share,
    depreciation: share.positive(),
    capex: share,
    shareBasedCompensation: share,
    /** Working capital, in days of annual revenue (receivables, deferred revenue) or cost (inventory, payables). */
    receivableDays: days,
    inventoryDays: days,
    payableDays: days,
    deferredRevenueDays: days,
    /**
     * Debt over debt plus market cap on day one (Damodaran's industry tables: software 2-8%,
     * utilities and telecoms 40-55%, the market 20-30%); below 1, as its odds are taken.
     */
    marketLeverage: share.lt(1),
    /** EBITDA margin where the anchors have none. */
    ebitdaMargin: z.number(),
    /** Revenue over market cap and book equity over market cap where the anchors have none. */
    salesToCap: z.number().positive(),
    bookToCap: z.number().positive(),
    /** Annual revenue growth beyond the economy's (log). */
    growth: z.number(),
    /** Share of annual revenue in the holiday quarter (quarters ending December or January); 0.25 = flat. */
    holidayShare: share,
  })
  .strict();

/** The file: every field for any sector, and each sector's own values where they differ. */
const ArchetypeFile = z
  .object({
    base: ArchetypeSchema,
    sectors: z.record(z.string().min(1), ArchetypeSchema.partial()),
  })
  .strict();

export type Archetype = z.infer<typeof ArchetypeSchema>;
type ArchetypeTable = z.infer<typeof ArchetypeFile>;

/** The archetype table in YAML `text`, or an error naming `file` and each path that fails. */
export const parseArchetypes = (text: string, file: string): ArchetypeTable => parseDataFile(text, file, ArchetypeFile);

const ARCHETYPES = readDataFile(new URL("./archetypes.yaml", import.meta.url), ArchetypeFile);

/** A sector's archetype: the base's fields with the sector's own over them (the base alone for another sector). */
export const archetypeOf = (sector: string): Archetype => ({ ...ARCHETYPES.base, ...ARCHETYPES.sectors[sector] });
