// Invented names for the invented people and firms of the worlds (brokers and their analysts):
// made of coined words, never a real firm's or person's name. Companies, funds and central banks
// are real identities from the reference data instead.
import type { Rng } from "../ground/rng.ts";

/** Coined stems of the brokers' names (a masked twin replaces them: build/mask). */
export const FIRM_STEMS = [
  "Alderwyck",
  "Brisbury",
  "Cindermoor",
  "Dovecrest",
  "Emberlow",
  "Fallowmere",
  "Garnetfield",
  "Hollinshaw",
  "Ivorybrook",
  "Junipell",
  "Kestrelby",
  "Larchmere",
  "Marramby",
  "Nettlecombe",
  "Osierdale",
  "Pellamy",
  "Quillmoor",
  "Rowanby",
  "Sorrelwick",
  "Thistlegate",
];
const FIRM_KINDS = ["Securities", "Equity Research"];

/** Forty invented brokers: every covering analyst of a stock works at a different one. */
export const BROKERS: readonly string[] = FIRM_KINDS.flatMap((kind) => FIRM_STEMS.map((stem) => `${stem} ${kind}`));

const FIRST_NAMES = [
  "Avery",
  "Blake",
  "Camille",
  "Dana",
  "Elena",
  "Farid",
  "Greta",
  "Hiro",
  "Imani",
  "Jonas",
  "Kavya",
  "Leon",
  "Mira",
  "Nadia",
  "Owen",
  "Priya",
  "Quinn",
  "Rafael",
  "Sana",
  "Tobias",
  "Uma",
  "Viktor",
  "Wen",
  "Yusuf",
];
/** The coined surnames are a head and a tail (a masked twin replaces each surname). */
export const SURNAME_HEADS = [
  "Vant",
  "Mor",
  "Kel",
  "Brav",
  "Quen",
  "Dal",
  "Ost",
  "Halv",
  "Tresc",
  "Yar",
  "Fenn",
  "Lisk",
];
export const SURNAME_TAILS = ["renko", "wicke", "ardine", "oly", "messen", "ivar", "aston", "uzzi", "berth", "ique"];

/** An invented person's name (an analyst, an officer, a reporter): a common first name and a coined surname. */
export function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAME_HEADS)}${rng.pick(SURNAME_TAILS)}`;
}
