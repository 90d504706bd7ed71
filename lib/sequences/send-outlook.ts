import { z } from "zod";
import { DRAFT_STATUS, RUN_LEAD_STATE, SEND_STATUS, SEQUENCE_END_REASON, SEQUENCE_STATUS } from "@/lib/statuses";

// Whether an approved draft's send will really go when its slot comes (issue 33: the draft page said
// "Scheduled 11:52" for a send the worker will skip). The worker sends only while the run lead is in
// the run (lib/sending/send-draft.ts) and holds a follow-up while its sequence is paused by an
// out-of-office (lib/sequences/send-hold.ts); this says the same in data the pages show.

export const SendHoldSchema = z
  .object({
    reason: z.enum(["lead_stopped", "lead_left_run", "lead_paused"]),
    ended_reason: z.string().nullable().meta({ description: "Why the lead's sequence ended (lead_stopped, lead_left_run)" }),
    until: z.string().nullable().meta({ description: "lead_paused: when the lead is back (the out-of-office's return date)" }),
  })
  .nullable()
  .meta({
    id: "SendHold",
    description:
      "What keeps an approved draft's send from going at its slot: its lead stopped or out of the run (never sent), or out of office (held); null: nothing",
  });

export type SendHold =
  { reason: "lead_stopped" | "lead_left_run"; ended_reason: string | null; until: null } | { reason: "lead_paused"; ended_reason: null; until: string | null };

type Input = {
  draft: { status: string; step: number };
  send: { status: string } | null;
  runLead: { state: string; sequenceStatus: string | null; sequenceEndedReason: string | null; nextAt: Date | null };
};

/** Sends not yet handed to the relay: the ones a hold keeps back. */
const WAITING = new Set<string>([SEND_STATUS.pending, SEND_STATUS.waiting_relay]);
const IN_RUN = new Set<string>([RUN_LEAD_STATE.pending, RUN_LEAD_STATE.running, RUN_LEAD_STATE.awaiting_review]);

/** Null: nothing holds it back (it goes at its slot). */
export function sendHold({ draft, send, runLead }: Input, now = new Date()): SendHold | null {
  if (draft.status !== DRAFT_STATUS.approved || (send && !WAITING.has(send.status))) return null;
  if (!IN_RUN.has(runLead.state)) {
    const stopped = runLead.state === RUN_LEAD_STATE.stopped || runLead.sequenceEndedReason === SEQUENCE_END_REASON.stopped;
    return { reason: stopped ? "lead_stopped" : "lead_left_run", ended_reason: runLead.sequenceEndedReason, until: null };
  }
  if (draft.step > 1 && runLead.sequenceStatus === SEQUENCE_STATUS.paused && (!runLead.nextAt || runLead.nextAt > now))
    return { reason: "lead_paused", ended_reason: null, until: runLead.nextAt?.toISOString() ?? null };
  return null;
}
