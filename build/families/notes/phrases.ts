// The words of analyst notes (phrases.yaml): the ratings as written and every phrasing of every part
// of a note, checked when this module loads (well-formed templates naming only a note's words).
// model.ts composes the notes from them.
import { z } from "zod";
import { readDataFile } from "../../ground/data-file.ts";
import { Phrasings } from "../../models/phrasing.ts";

/** The words a note's phrasings may name (model.ts gives them). */
export const NOTE_WORDS = [
  "firm",
  "analyst",
  "short",
  "ticker",
  "rating",
  "priorRating",
  "ratingMove",
  "fig",
  "tone",
  "results",
  "period",
  "year",
] as const;
export type NoteWord = (typeof NOTE_WORDS)[number];

/** Several phrasings of one part of a note. */
const NotePhrasings = Phrasings(NOTE_WORDS);

const NotePhrases = z.strictObject({
  ratings: z.strictObject({ buy: z.string().min(1), hold: z.string().min(1), sell: z.string().min(1) }),
  titles: NotePhrasings,
  openings: NotePhrasings,
  /** A first note on a company after its listing's quiet period: the title and the first paragraph. */
  initiation: z.strictObject({ titles: NotePhrasings, openings: NotePhrasings, rating_lines: NotePhrasings }),
  rating_lines: NotePhrasings,
  estimate_lines: NotePhrasings,
  closers: NotePhrasings,
});
export type NotePhrases = z.infer<typeof NotePhrases>;

export const PHRASES: NotePhrases = readDataFile(new URL("./phrases.yaml", import.meta.url), NotePhrases);
