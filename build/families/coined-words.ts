// The words the generator coins for what it invents (analyst firms, people's surnames, 13F managers,
// news outlets), one entry per family that coins some: a masked twin replaces every one of them
// (build/mask/mask.ts), in this order. `domains`: the word also stands, in lower case, in the
// outlet's web domain.
import { MANAGER_STEMS } from "./holdings/model.ts";
import { OUTLETS } from "./news/outlets.ts";
import { FIRM_STEMS, SURNAME_HEADS, SURNAME_TAILS } from "../models/names.ts";

export interface CoinedWords {
  words: readonly string[];
  domains?: true;
}

export const COINED_WORDS: readonly CoinedWords[] = [
  { words: FIRM_STEMS },
  { words: MANAGER_STEMS },
  { words: OUTLETS.map((o) => o.name.replace(/^The /, "").split(" ")[0]), domains: true },
  { words: SURNAME_HEADS.flatMap((h) => SURNAME_TAILS.map((t) => `${h}${t}`)) },
];
