import { describe, expect, it } from "vitest";
import { APPROVED_DRAFT_STATUSES, canMoveDraft, DRAFT_TRANSITIONS, draftStatusesBefore } from "@/lib/lifecycle/draft";
import { DRAFT_STATUSES, type DraftStatus } from "@/lib/statuses";

// Every move a draft makes today, written out once more by hand: a change to the table must change this list.
const ALLOWED: [DraftStatus, DraftStatus][] = [
  ["awaiting_review", "approved"], // a reviewer approves
  ["awaiting_review", "rejected"], // a reviewer rejects
  ["approved", "awaiting_review"], // undo inside the window
  ["approved", "sent"], // the send recorded
  ["approved", "failed"], // the relay refused it, or the address is suppressed
  ["failed", "approved"], // a refused send retried
  ["failed", "sent"], // a send in doubt resolved sent after its draft failed
  ["awaiting_review", "canceled"], // a follow-up whose sequence ended before review
  ["approved", "canceled"], // a follow-up whose sequence ended before its send was claimed
];

describe("the draft transition table", () => {
  it("names every status and only known ones", () => {
    expect(Object.keys(DRAFT_TRANSITIONS).sort()).toEqual([...DRAFT_STATUSES].sort());
    for (const moves of Object.values(DRAFT_TRANSITIONS)) for (const to of moves) expect(DRAFT_STATUSES).toContain(to);
  });

  it("allows exactly the moves the code makes", () => {
    for (const [from, to] of ALLOWED) expect(canMoveDraft(from, to), `${from} → ${to}`).toBe(true);
    const all = DRAFT_STATUSES.flatMap((from) => DRAFT_TRANSITIONS[from].map((to) => `${from} → ${to}`));
    expect(all.sort()).toEqual(ALLOWED.map(([from, to]) => `${from} → ${to}`).sort());
  });

  it("refuses the rest: nothing leaves sent or rejected, nothing goes back to review but an undo, no self-moves", () => {
    for (const to of DRAFT_STATUSES) {
      expect(canMoveDraft("sent", to), `sent → ${to}`).toBe(false);
      expect(canMoveDraft("rejected", to), `rejected → ${to}`).toBe(false);
      expect(canMoveDraft(to, to), `${to} → ${to}`).toBe(false);
    }
    expect(canMoveDraft("awaiting_review", "sent")).toBe(false); // never sent unreviewed
    expect(canMoveDraft("awaiting_review", "failed")).toBe(false);
    expect(canMoveDraft("failed", "awaiting_review")).toBe(false);
    expect(canMoveDraft("approved", "rejected")).toBe(false); // an undo goes back to review first
    expect(draftStatusesBefore("awaiting_review")).toEqual(["approved"]);
  });

  it("answers the states before each move", () => {
    expect(draftStatusesBefore("approved")).toEqual(["awaiting_review", "failed"]);
    expect(draftStatusesBefore("rejected")).toEqual(["awaiting_review"]);
    expect(draftStatusesBefore("sent")).toEqual(["approved", "failed"]);
    expect(draftStatusesBefore("failed")).toEqual(["approved"]);
  });

  it("counts as approved exactly the states an approval leads to, but a follow-up canceled before its send", () => {
    // A canceled follow-up never went out: its approval is not announced (the sequence ended first).
    const reachable = new Set<DraftStatus>(["approved"]);
    for (const from of [...reachable]) for (const to of DRAFT_TRANSITIONS[from]) if (to !== "awaiting_review" && to !== "canceled") reachable.add(to);
    expect([...APPROVED_DRAFT_STATUSES].sort()).toEqual([...reachable].sort());
  });
});
