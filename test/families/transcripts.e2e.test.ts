// Earnings call transcripts through the worker: the list (by company, fiscal period, window, horizon,
// with or without turns), one call's turns by its id, and 404 for an id that is no call or not public
// yet; the call agrees with the release and the guidance it follows.
import { describe, expect, it } from "vitest";
import { body, BRANCH, get, MEGACAP } from "../e2e/client.ts";

const T = `/earnings/transcripts?scenario_id=${MEGACAP}`;

interface Call {
  transcript_id: string;
  ticker: string;
  date: string;
  visible_from: string;
  fiscal_period: string;
  fiscal_year: number;
  fiscal_quarter: number;
  call_datetime: string;
  accession_number: string;
  source_event_id: string;
  word_count: number;
  participants: { name: string; role: string; title: string | null; firm: string | null }[];
  turns?: { section: string; speaker: string; role: string; text: string }[];
  validation?: { numbers: string[]; facts_from: string[] };
}

const calls = async (query: string) =>
  ((await body(`${T}${query}`)) as { earnings_call_transcripts: Call[] }).earnings_call_transcripts;

const newestFirst = (list: Call[]) =>
  list.every(
    (c, i) =>
      i === 0 ||
      list[i - 1].date > c.date ||
      (list[i - 1].date === c.date && list[i - 1].transcript_id > c.transcript_id),
  );

describe("earnings call transcripts", () => {
  it("lists a company's calls newest first, one per earnings release, each after its release", async () => {
    const list = await calls("&ticker=AAPL&limit=100");
    const { earnings } = await body(`/earnings?scenario_id=${MEGACAP}&ticker=AAPL&limit=100`);
    expect(list.length).toBe(earnings.length);
    expect(newestFirst(list)).toBe(true);
    for (const call of list) {
      const release = earnings.find((e: { source_event_id: string }) => e.source_event_id === call.source_event_id);
      expect(release.filing_date).toBe(call.date);
      expect(release.accession_number).toBe(call.accession_number);
      expect(release.fiscal_period).toBe(call.fiscal_period);
      expect(call.call_datetime > release.filing_datetime).toBe(true);
      expect(call.turns).toBeUndefined();
    }
  });

  it("keeps a fiscal period, a window and the horizon, and pages every company's calls", async () => {
    const q2 = await calls("&fiscal_quarter=2&fiscal_year=2023&limit=100");
    expect(q2.length).toBeGreaterThan(4);
    expect(
      q2.every((c) => c.fiscal_quarter === 2 && c.fiscal_year === 2023 && c.fiscal_period.endsWith("Q2 2023")),
    ).toBe(true);
    const early = await calls("&as_of=2023-05-15&limit=100");
    expect(early.length).toBeGreaterThan(0);
    expect(early.every((c) => c.visible_from <= "2023-05-15")).toBe(true);
    const all = await calls("&limit=100");
    expect(all.length).toBeGreaterThan(early.length);
    expect(newestFirst(all)).toBe(true);
    const window = await calls("&start_date=2023-07-01&end_date=2023-08-31&limit=100");
    expect(window.every((c) => c.date >= "2023-07-01" && c.date <= "2023-08-31")).toBe(true);
    const walked: Call[] = [];
    for (let offset = 0; ; offset += 9) {
      const page = await calls(`&limit=9&offset=${offset}`);
      walked.push(...page);
      if (page.length < 9) break;
    }
    expect(walked.map((c) => c.transcript_id)).toEqual(all.map((c) => c.transcript_id));
  });

  it("serves a call's turns by its id, as the list with include_turns does", async () => {
    const [listed] = await calls("&ticker=MSFT&limit=1&include_turns=true");
    const { earnings_call_transcript: call } = (await body(
      `/earnings/transcripts/${listed.transcript_id}?scenario_id=${MEGACAP}`,
    )) as { earnings_call_transcript: Call };
    expect(call).toEqual(listed);
    const turns = call.turns!;
    expect(turns[0].role).toBe("operator");
    expect(turns.some((t) => t.section === "question_and_answer" && t.role === "analyst")).toBe(true);
    expect(new Set(turns.map((t) => t.speaker))).toEqual(new Set(call.participants.map((p) => p.name)));
    const words = turns.reduce((a, t) => a + t.text.split(/\s+/).filter(Boolean).length, 0);
    expect(call.word_count).toBe(words);
    // The figures it states include the release's EPS, as /earnings serves it.
    const { earnings } = await body(`/earnings?scenario_id=${MEGACAP}&ticker=MSFT&limit=100`);
    const release = earnings.find((e: { source_event_id: string }) => e.source_event_id === call.source_event_id);
    const eps = `$${release.quarterly.earnings_per_share.toFixed(2)}`;
    expect(turns.map((t) => t.text).join("\n")).toContain(eps);
    expect(call.validation!.numbers).toContain(eps);
  });

  it("answers 404 for an id that is no call, and for a call not public by as_of", async () => {
    const [latest] = await calls("&ticker=AAPL&limit=1");
    for (const path of [
      `/earnings/transcripts/ect_20230130_ZZZZ?scenario_id=${MEGACAP}`,
      `/earnings/transcripts/nws_20230130_a559c048a787?scenario_id=${MEGACAP}`,
      `/earnings/transcripts/ect_20230131_AAPL?scenario_id=${MEGACAP}`,
      `/earnings/transcripts/${latest.transcript_id}?scenario_id=${MEGACAP}&as_of=2023-01-03`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/not found/);
    }
    const bad = await get(`${T}&fiscal_quarter=5`);
    expect(bad.status).toBe(422);
  });

  it("hides a future branch's calls by default, and a call the day before it is public", async () => {
    const current = (await body(`/scenarios/${BRANCH}`)).scenario.current_date as string;
    const byDefault = (
      (await body(`/earnings/transcripts?scenario_id=${BRANCH}&limit=100`)) as { earnings_call_transcripts: Call[] }
    ).earnings_call_transcripts;
    expect(byDefault.length).toBeGreaterThan(0);
    expect(byDefault.every((c) => c.visible_from <= current)).toBe(true);
    const revealed = (
      (await body(`/earnings/transcripts?scenario_id=${BRANCH}&as_of=2026-06-30&limit=100`)) as {
        earnings_call_transcripts: Call[];
      }
    ).earnings_call_transcripts;
    const later = revealed.filter((c) => c.visible_from > current);
    expect(later.length).toBeGreaterThan(0);
    const hidden = await get(`/earnings/transcripts/${later[0].transcript_id}?scenario_id=${BRANCH}`);
    expect(hidden.status).toBe(404);
    const shown = await get(
      `/earnings/transcripts/${later[0].transcript_id}?scenario_id=${BRANCH}&as_of=${later[0].visible_from}`,
    );
    expect(shown.status).toBe(200);
    const dayBefore = new Date(Date.parse(`${later[0].visible_from}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const before = await get(
      `/earnings/transcripts/${later[0].transcript_id}?scenario_id=${BRANCH}&as_of=${dayBefore}`,
    );
    expect(before.status).toBe(404);
  });
});
