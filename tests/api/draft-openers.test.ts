import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openingOf } from "@/lib/evals/checks";
import { CLAUSE_FRAMES, MEETING_FRAMES, PLAIN_FRAMES, TOPIC_FRAMES } from "@/lib/engine/local/opener";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { toCsv } from "../helpers/csv-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// Issue 29, "drafts that use what we know", over /v1 with a real worker: a 1,000-lead CSV run with
// notes (and a free-text "recent_event" column) drafted by the production draft_email (v1.5.0; the opener is v1.4.0's) on
// the local engine. Every draft whose lead has a note opens with the note's fact, every one with
// only an event opens with the event, two consecutive drafts share an opening frame at most 30 %
// of the time, and no draft says "because of your role" or "I work on".

let ws: TestWorkspace;
let worker: Spawned;

beforeAll(async () => {
  ws = await testWorkspace("openers");
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
});

afterAll(() => {
  worker?.child.kill("SIGTERM");
});

const FACTS = [
  "chasing unpaid balances",
  "insurance claim delays",
  "patient no-shows",
  "month-end close taking two weeks",
  "late supplier payments",
  "manual invoice matching",
  "a backlog of support tickets",
  "slow quote approvals",
  "duplicate vendor records",
  "cash flow forecasting by hand",
];
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
// How a salesperson writes a note; `{f}` is the fact the opening must name.
const NOTES = [
  "Job ad mentions {f}",
  "Posted about {f}",
  "She posted on LinkedIn about {f}",
  "He wrote a blog post about {f}",
  "Their careers page mentions {f}",
  "{F}",
  "Complained about {f} on a podcast",
  "Interested in fixing {f}",
  "Asked about {f} at our webinar. Uses Xero.",
  "Looking at tools for {f}",
  "They are struggling with {f}; budget is set",
];
const EVENTS = ["Announced a second office in Leeds", "Opened a new clinic in Bath", "Won an industry award for service"];

type Row = Record<string, string>;
function leadRow(i: number): { row: Row; fact: string | null } {
  const fact = FACTS[(i * 7) % FACTS.length];
  const pattern = NOTES[(i * 3 + Math.floor(i / 11)) % NOTES.length];
  const kind = i % 10 === 0 ? "event" : i % 10 === 5 ? "none" : "note";
  const note = kind === "note" ? pattern.replace("{f}", fact).replace("{F}", cap(fact)) : "";
  const event = kind === "event" ? EVENTS[i % EVENTS.length] : "";
  return {
    row: {
      email: `p${i}@openers.example`,
      first_name: i % 4 ? `First${i}` : "",
      last_name: `Last${i}`,
      title: ["VP Sales", "Head of Finance", "VP Finance", "Director of Operations"][i % 4],
      company: i % 6 ? `Firm ${i}` : "",
      industry: "Software",
      employees: String(60 + i),
      notes: note,
      recent_event: event,
    },
    fact: kind === "note" ? fact : kind === "event" ? event.split(" ").slice(1).join(" ") : null,
  };
}

/** Each frame as a pattern: its fixed words around the fact (or the company for the plain ones). */
const FRAME_PATTERNS = [...CLAUSE_FRAMES, ...TOPIC_FRAMES, ...MEETING_FRAMES, ...PLAIN_FRAMES].flatMap((frame) =>
  [frame.write("\u0000"), frame.write("")].map((text) => ({
    id: frame.id,
    pattern: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("\u0000", ".+")}$`),
  })),
);
const frameOf = (opening: string) => FRAME_PATTERNS.find(({ pattern }) => pattern.test(opening))?.id ?? `unknown: ${opening}`;

describe("openers over a 1,000-lead run", () => {
  it("open with the note's fact, vary from draft to draft, and never say 'because of your role' or 'I work on'", async () => {
    const offer = {
      product: "Acme Ledger",
      audience: "finance teams at software companies",
      value_propositions: ["It closes the books in three days instead of ten"],
      proof_points: ["Northwind cut its month-end close by 70 percent."],
      call_to_action: "Would a 15-minute call next week be useful?",
      sender_name: "Maya Chen",
    };
    expect((await call("PUT", "/v1/offer", { token: ws.tokens.admin, body: offer })).status).toBe(200);
    const leads = Array.from({ length: 1000 }, (_, i) => leadRow(i));
    const form = new FormData();
    form.set("pack", "saas-outbound");
    form.set("stop_after", "draft_email");
    form.set("file", new Blob([toCsv(leads.map((l) => l.row))], { type: "text/csv" }), "openers.csv");
    const response = await fetch(`${inject("apiUrl")}/v1/runs`, { method: "POST", headers: { authorization: `Bearer ${ws.tokens.admin}` }, body: form });
    expect(response.status).toBe(202);
    const runId = ((await response.json()) as { id: string }).id;
    const run = await eventually(
      async () => {
        const got = await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer });
        return ["completed", "awaiting_review", "failed", "canceled"].includes(got.body.status as string) ? got.body : null;
      },
      { timeoutMs: 120_000 },
    );
    expect({ status: run.status, counts: run.counts }).toMatchObject({ status: "completed", counts: { imported: 1000, drafted: 1000 } });

    // The run's leads, to know each draft's note; the drafts, in the order of the CSV.
    const emailOf = new Map<string, string>();
    for (let cursor: string | null = null, pages = 0; pages < 20; pages++) {
      const page = await call("GET", `/v1/runs/${runId}/leads?limit=100${cursor ? `&cursor=${cursor}` : ""}`, { token: ws.tokens.viewer });
      for (const entry of page.body.data as { lead: { id: string; email: string } }[]) emailOf.set(entry.lead.id, entry.lead.email);
      cursor = page.body.next_cursor as string | null;
      if (!cursor) break;
    }
    const drafts: { lead_id: string; subject: string; body: string }[] = [];
    for (let cursor: string | null = null, pages = 0; pages < 20; pages++) {
      const page = await call("GET", `/v1/drafts?run_id=${runId}&limit=100${cursor ? `&cursor=${cursor}` : ""}`, { token: ws.tokens.viewer });
      drafts.push(...(page.body.data as { lead_id: string; subject: string; body: string }[]));
      cursor = page.body.next_cursor as string | null;
      if (!cursor) break;
    }
    expect(drafts).toHaveLength(1000);
    const indexOf = (draft: { lead_id: string }) => Number(/^p(\d+)@/.exec(emailOf.get(draft.lead_id) ?? "")?.[1] ?? NaN);
    drafts.sort((a, b) => indexOf(a) - indexOf(b));
    expect(drafts.map(indexOf)).toEqual(leads.map((_, i) => i));

    const problems: string[] = [];
    const frames: string[] = [];
    for (const [i, draft] of drafts.entries()) {
      const { fact, row } = leads[i];
      const opening = openingOf(draft.body);
      const text = `${draft.subject}\n${draft.body}`;
      if (fact && !opening.toLowerCase().includes(fact.toLowerCase())) problems.push(`#${i} does not open with "${fact}" (note "${row.notes}"): ${opening}`);
      if (row.notes && (opening.replace(/[.!]$/, "") === row.notes.replace(/[.!]$/, "") || /["“”]|Notes?:/.test(opening)))
        problems.push(`#${i} pastes the note as it is: ${opening}`);
      if (/because of your role/i.test(text) || /\bI work on\b/.test(text)) problems.push(`#${i} says a banned phrase: ${draft.body}`);
      if (/\b(she|he|they|their)\b/i.test(opening)) problems.push(`#${i} speaks of the reader in the third person: ${opening}`);
      frames.push(frameOf(opening));
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(frames.filter((frame) => frame.startsWith("unknown"))).toEqual([]);
    let same = 0;
    for (let i = 1; i < frames.length; i++) same += Number(frames[i] === frames[i - 1]);
    expect(same / (frames.length - 1)).toBeLessThanOrEqual(0.3);
    // Openers really vary: many frames are used, and none opens more than a fifth of the drafts.
    const counts = [...frames.reduce((tally, frame) => tally.set(frame, (tally.get(frame) ?? 0) + 1), new Map<string, number>()).values()];
    expect(counts.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...counts)).toBeLessThan(200);
  }, 240_000);
});
