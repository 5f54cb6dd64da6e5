// How long earnings calls run and how they divide between prepared remarks and questions (bands and
// sources: docs/transcripts.md, "Length"). Measured on the calls of the larger companies, whose calls
// the sources describe (S&P 500 members): the mega and large caps.
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { Checker } from "../../ground/family.ts";
import { bandCheck, skipped } from "../../realism/bands.ts";
import { wordCount } from "../../models/artifacts.ts";
import { median } from "../../models/statistics.ts";
import type { Company, World } from "../registry.ts";

const FAMILY = "transcripts";

/** Words a call (Brunswick Group's study of about 1,000 companies' calls: about 7,000 words). */
export const CALL_WORDS = { min: 5000, max: 10000 };
/** The question-and-answer session's share of a call's words (Q&A runs 30-40 of a call's 45-60 minutes). */
export const QA_SHARE = { min: 0.45, max: 0.65 };

export function callLengths(): Checker<World, Company> {
  const lengths: number[] = [];
  const qaShares: number[] = [];
  return {
    company: ({ sizeTier, transcripts }) => {
      if (sizeTier !== "mega" && sizeTier !== "large") return;
      for (const call of transcripts) {
        lengths.push(call.word_count);
        const qa = call.turns
          .filter((t) => t.section === "question_and_answer")
          .reduce((a, t) => a + wordCount(t.text), 0);
        qaShares.push(qa / call.word_count);
      }
    },
    finish: (): ValidationCheck[] => {
      const what = "median words of a call, mega and large caps";
      const share = "median share of a call's words in its question-and-answer session, mega and large caps";
      if (lengths.length === 0) {
        const why = "no call of a mega or large cap";
        return [
          skipped(FAMILY, "transcript_words", CALL_WORDS, what, why),
          skipped(FAMILY, "transcript_qa_share", QA_SHARE, share, why),
        ];
      }
      return [
        bandCheck(FAMILY, "transcript_words", CALL_WORDS, median(lengths), `${what} (${lengths.length} calls)`),
        bandCheck(
          FAMILY,
          "transcript_qa_share",
          QA_SHARE,
          median(qaShares),
          `${share} (${lengths.length} calls)`,
          true,
        ),
      ];
    },
  };
}
