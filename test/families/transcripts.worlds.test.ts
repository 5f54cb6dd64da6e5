// Earnings calls on a world built in memory: a call follows each release with the officers in their
// seats and analysts of covering firms, restates the release's guidance exactly, and every rule fails
// on a call broken the way it guards against (a number no record holds, a missing guidance figure, a
// call before its release, a speaker who is not the officer or not a covering analyst).
import { beforeAll, describe, expect, it } from "vitest";
import { transcripts as transcriptsFamily } from "../../build/families/transcripts/family.ts";
import { memoryScratch } from "../../build/ground/scratch.ts";
import { amount, perShare } from "../../build/models/amounts.ts";
import { generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import type { Company } from "../../build/families/registry.ts";
import { smallWorldSource } from "../support/worlds.ts";

type Call = Company["transcripts"][number];

let world: WholeWorld;
let companies: Company[];
beforeAll(() => {
  world = generateWorld(smallWorldSource());
  companies = world.perCompany;
});

function failing(perCompany: Company[]): string[] {
  const checker = transcriptsFamily.companyChecks!(world.days, memoryScratch());
  for (const c of perCompany) checker.company!(c);
  return checker
    .finish(world)
    .filter((c) => !c.passed)
    .map((c) => c.name);
}

/** The companies with the first call that `pick` chooses edited. */
function breakCall(pick: (c: Call) => boolean, edit: (c: Call) => Partial<Call>): Company[] {
  const k = companies.findIndex((c) => c.transcripts.some(pick));
  const c = companies[k];
  const i = c.transcripts.findIndex(pick);
  return companies.with(k, {
    ...c,
    transcripts: c.transcripts.with(i, { ...c.transcripts[i], ...edit(c.transcripts[i]) }),
  });
}

const textOf = (call: Call) => call.turns.map((t) => t.text).join("\n");
const guided = (c: Company) => (call: Call) => c.guidance.some((g) => g.source_event_id === call.source_event_id);

describe("earnings call transcripts", () => {
  it("holds every rule, with one call per release on the release's day", () => {
    expect(failing(companies)).toEqual([]);
    for (const c of companies) {
      const releases = c.events.filter((e) => e.event_type === "earnings_release");
      expect(c.transcripts.map((t) => t.source_event_id).sort()).toEqual(releases.map((e) => e.event_id).sort());
      for (const call of c.transcripts) {
        const e = releases.find((r) => r.event_id === call.source_event_id)!;
        expect(call.date).toBe(e.event_date);
        expect(call.call_datetime > e.public_release_datetime).toBe(true);
      }
    }
  });

  it("has the officers in their seats that day speak, and analysts of firms that published on the company before", () => {
    for (const c of companies)
      for (const call of c.transcripts) {
        const day = world.days.indexOf(call.date);
        const seated = (title: string) =>
          c.officers.find((s) => s.title === title && s.from <= day && s.until > day)?.name;
        const speaker = (title: string) => call.participants.find((p) => p.title === title)?.name;
        expect(speaker("Chief Executive Officer")).toBe(seated("Chief Executive Officer"));
        expect(speaker("Chief Financial Officer")).toBe(seated("Chief Financial Officer"));
        const analysts = call.participants.filter((p) => p.role === "analyst");
        expect(analysts.length).toBeGreaterThan(0);
        for (const a of analysts)
          expect(
            c.estimates.some((p) => p.firm === a.firm && p.analyst === a.name && p.estimate_date < call.date),
          ).toBe(true);
        // Every participant speaks, and every speaker is a participant.
        const names = new Set(call.participants.map((p) => p.name));
        expect(new Set(call.turns.map((t) => t.speaker))).toEqual(names);
      }
  });

  it("restates the release's guidance exactly as /kpi/guidance serves it", () => {
    let calls = 0;
    for (const c of companies)
      for (const call of c.transcripts.filter(guided(c))) {
        calls++;
        for (const g of c.guidance.filter((x) => x.source_event_id === call.source_event_id)) {
          const write = g.metric_name === "earnings_per_share" ? perShare : amount;
          expect(textOf(call)).toContain(write(g.low));
          expect(textOf(call)).toContain(write(g.high));
        }
      }
    expect(calls).toBeGreaterThan(0);
  });

  it("fails transcripts_numbers_match_records on a number no record holds, and on a guidance figure left out", () => {
    const stray = breakCall(
      () => true,
      (call) => ({
        turns: call.turns.map((t, i) => (i === 1 ? { ...t, text: `${t.text} We saw $987.65 of it.` } : t)),
      }),
    );
    expect(failing(stray)).toEqual(["transcripts_numbers_match_records"]);
    const c = companies.find((x) => x.transcripts.some(guided(x)))!;
    const low = (call: Call) => {
      const g = c.guidance.find((x) => x.source_event_id === call.source_event_id)!;
      return (g.metric_name === "earnings_per_share" ? perShare : amount)(g.low);
    };
    const unguided = breakCall(guided(c), (call) => ({
      turns: call.turns.map((t) => ({ ...t, text: t.text.replaceAll(low(call), "the low end") })),
    }));
    expect(failing(unguided)).toEqual(["transcripts_numbers_match_records"]);
  });

  it("fails transcripts_follow_releases on a call dated before its release", () => {
    const early = breakCall(
      () => true,
      (call) => ({ call_datetime: `${call.date}T06:00:00` }),
    );
    expect(failing(early)).toEqual(["transcripts_follow_releases"]);
  });

  it("fails transcripts_speakers on a CEO who is not the officer, and on an analyst of no covering firm", () => {
    const rename = (call: Call, role: string, title: string | null, name: string) => ({
      participants: call.participants.map((p) =>
        p.role === role && (title === null || p.title === title) ? { ...p, name } : p,
      ),
    });
    expect(
      failing(
        breakCall(
          () => true,
          (call) => rename(call, "executive", "Chief Executive Officer", "Rowan Nobody"),
        ),
      ),
    ).toEqual(["transcripts_speakers"]);
    expect(
      failing(
        breakCall(
          () => true,
          (call) => rename(call, "analyst", null, "Rowan Nobody"),
        ),
      ),
    ).toEqual(["transcripts_speakers"]);
  });
});
