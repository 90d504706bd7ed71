import { describe, expect, it } from "vitest";
import { canMoveLead, LEAD_TRANSITIONS, leadStatusesBefore, STAGE_LEAD_STATUSES } from "@/lib/lifecycle/lead";
import { LEAD_STATUSES, type LeadStatus } from "@/lib/statuses";

// The lead table, read by target: who may move a lead there. A lead is shared by runs and the
// mailbox, so most targets are reached from any status; the rest is refused.
const others = (to: LeadStatus, ...except: LeadStatus[]) => LEAD_STATUSES.filter((from) => from !== to && !except.includes(from));
const BY_TARGET: Record<LeadStatus, LeadStatus[]> = {
  new: [], // only inserted new
  qualified: others("qualified"), // a run's stages, whatever the lead went through before
  rejected: others("rejected"),
  drafted: others("drafted"), // a run's stages, or an approval undone
  approved: others("approved"), // a reviewer, for one run while another may have moved the lead
  sent: others("sent"),
  replied: others("replied", "bounced"), // a bounced lead stays bounced against replies
  suppressed: others("suppressed", "bounced"),
  bounced: others("bounced"), // a hard bounce, matched by address
};

describe("the lead transition table", () => {
  it("names every status and only known ones", () => {
    expect(Object.keys(LEAD_TRANSITIONS).sort()).toEqual([...LEAD_STATUSES].sort());
    for (const moves of Object.values(LEAD_TRANSITIONS)) for (const to of moves) expect(LEAD_STATUSES).toContain(to);
  });

  it("allows exactly the listed moves and refuses every other pair", () => {
    for (const to of LEAD_STATUSES) {
      expect(leadStatusesBefore(to), `→ ${to}`).toEqual(BY_TARGET[to]);
      for (const from of LEAD_STATUSES) expect(canMoveLead(from, to), `${from} → ${to}`).toBe(BY_TARGET[to].includes(from));
    }
  });

  it("refuses a move back to new, a move to the same status, and replies over a bounce", () => {
    for (const from of LEAD_STATUSES) expect(canMoveLead(from, "new"), from).toBe(false);
    for (const status of LEAD_STATUSES) expect(canMoveLead(status, status), status).toBe(false);
    expect(canMoveLead("bounced", "replied")).toBe(false);
    expect(canMoveLead("bounced", "suppressed")).toBe(false);
    expect(canMoveLead("replied", "new")).toBe(false);
  });

  it("lets a run's stages move a lead from any other status", () => {
    for (const to of STAGE_LEAD_STATUSES) for (const from of LEAD_STATUSES) expect(canMoveLead(from, to), `${from} → ${to}`).toBe(from !== to);
  });
});
