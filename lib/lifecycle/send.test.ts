import { describe, expect, it } from "vitest";
import { canMoveSend, NOT_ATTEMPTED_SEND_STATUSES, RESUMABLE_SEND_STATUSES, SEND_TRANSITIONS, sendStatusesBefore } from "@/lib/lifecycle/send";
import { SEND_STATUSES, type SendStatus } from "@/lib/statuses";

// Every move a send makes today, written out once more by hand: a change to the table must change this list.
const ALLOWED: [SendStatus, SendStatus][] = [
  ["waiting_relay", "pending"], // a relay saved
  ["waiting_relay", "sending"], // an attempt claims it before the release did
  ["waiting_relay", "failed"], // the address is suppressed
  ["pending", "waiting_relay"], // the relay removed since it was reserved
  ["pending", "sending"], // an attempt claims it
  ["pending", "failed"], // the relay refused it for good, or the address is suppressed
  ["sending", "sending"], // an attempt claims a send whose attempt died before the end of the message
  ["sending", "committing"], // the end of the message is about to go
  ["sending", "pending"], // the attempt ended before the end of the message
  ["sending", "in_doubt"],
  ["sending", "sent"],
  ["sending", "failed"],
  ["committing", "pending"], // the attempt abandoned its message
  ["committing", "in_doubt"], // its worker died, or no answer after the end
  ["committing", "sent"], // the relay answered 250
  ["committing", "failed"],
  ["in_doubt", "pending"], // a reviewer's resend, or the attempt that abandoned it
  ["in_doubt", "sent"], // the Sent folder or a reviewer
  ["failed", "pending"], // retried from the draft page
];

describe("the send transition table", () => {
  it("names every status and only known ones", () => {
    expect(Object.keys(SEND_TRANSITIONS).sort()).toEqual([...SEND_STATUSES].sort());
    for (const moves of Object.values(SEND_TRANSITIONS)) for (const to of moves) expect(SEND_STATUSES).toContain(to);
  });

  it("allows exactly the moves the code makes", () => {
    for (const [from, to] of ALLOWED) expect(canMoveSend(from, to), `${from} → ${to}`).toBe(true);
    const all = SEND_STATUSES.flatMap((from) => SEND_TRANSITIONS[from].map((to) => `${from} → ${to}`));
    expect(all.sort()).toEqual(ALLOWED.map(([from, to]) => `${from} → ${to}`).sort());
  });

  it("never sends twice on its own: only an attempt's claim leads to sending, and only sending to committing", () => {
    expect(sendStatusesBefore("sending")).toEqual(["waiting_relay", "pending", "sending"]);
    expect(sendStatusesBefore("committing")).toEqual(["sending"]);
    for (const from of ["committing", "in_doubt", "sent", "failed"] as const) expect(canMoveSend(from, "sending"), `${from} → sending`).toBe(false);
    expect(canMoveSend("committing", "committing")).toBe(false);
    expect(canMoveSend("in_doubt", "committing")).toBe(false);
  });

  it("never reports a doubt as sent except through its resolution, and leaves sent for good", () => {
    expect(sendStatusesBefore("in_doubt")).toEqual(["sending", "committing"]);
    expect(sendStatusesBefore("sent")).toEqual(["sending", "committing", "in_doubt"]);
    expect(canMoveSend("in_doubt", "failed")).toBe(false);
    expect(canMoveSend("in_doubt", "in_doubt")).toBe(false);
    for (const to of SEND_STATUSES) expect(canMoveSend("sent", to), `sent → ${to}`).toBe(false);
    expect(canMoveSend("pending", "sent")).toBe(false); // sent only by an attempt or a resolution
    expect(canMoveSend("failed", "sent")).toBe(false);
    expect(canMoveSend("waiting_relay", "committing")).toBe(false);
    expect(canMoveSend("failed", "failed")).toBe(false);
  });

  it("answers the states before each remaining move", () => {
    expect(sendStatusesBefore("pending")).toEqual(["waiting_relay", "sending", "committing", "in_doubt", "failed"]);
    expect(sendStatusesBefore("waiting_relay")).toEqual(["pending"]);
    expect(sendStatusesBefore("failed")).toEqual(["waiting_relay", "pending", "sending", "committing"]);
  });

  it("keeps the resumable and the untouched statuses apart, together with waiting_relay covering every status", () => {
    const resumable: readonly string[] = RESUMABLE_SEND_STATUSES;
    expect(resumable.filter((status) => NOT_ATTEMPTED_SEND_STATUSES.includes(status))).toEqual([]);
    expect([...resumable, ...NOT_ATTEMPTED_SEND_STATUSES, "waiting_relay"].sort()).toEqual([...SEND_STATUSES].sort());
  });
});
