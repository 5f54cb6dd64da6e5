// The analyst notes family's shards: notes per company and an index of every note by month.
import { identity, kind, perPart } from "../../bundle/shards.ts";
import { AnalystNote } from "./rows.ts";

/** An analyst note's fields (AnalystNote's, in its order: the date first, the shard key, and the id second, for ties). */
export const NOTE_COLUMNS = Object.keys(AnalystNote.shape) as (keyof AnalystNote)[];

export const NOTES_SHARDS = {
  /** Per ticker: its analyst notes keyed `<date> <artifact_id>`, each row's JSON the served note. */
  notes: kind(perPart("analyst-notes"), NOTE_COLUMNS, {
    visible: "key",
    key: (row) => `${row[0]} ${row[1]}`,
    served: identity,
  }),
  /** Per month (`all/2023-06`): every company's notes as [key, ticker], to page them market-wide. */
  notesIndex: kind(perPart("analyst-notes"), ["key", "ticker"], { visible: "key", period: "month" }),
} as const;
