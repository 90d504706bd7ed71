import { z } from "zod";
import { SEQUENCE_END_REASONS, SEQUENCE_STATUS, SEQUENCE_STATUSES } from "@/lib/statuses";

// A run lead's `sequence` as /v1 and the run page show it (contract §12).

export const SequenceSchema = z
  .object({
    step: z.number().int().meta({ description: "The step the lead has reached (its latest draft's)" }),
    status: z.enum(SEQUENCE_STATUSES),
    ended_reason: z.enum(SEQUENCE_END_REASONS).nullable(),
    next_at: z.string().nullable().meta({ description: "When the next step is due (or a pause ends); null when nothing is scheduled" }),
  })
  .meta({ id: "Sequence" });

type Row = {
  sequenceStep: number | null;
  sequenceStatus: string | null;
  sequenceEndedReason: string | null;
  nextAt: Date | null;
  drafts: unknown[];
  run?: { steps: unknown } | null;
};

/** The sequence of a run lead of a run with steps that has a draft; null otherwise (`inSequenceRun`: the run has steps). */
export function presentSequence(row: Row, inSequenceRun: boolean): z.infer<typeof SequenceSchema> | null {
  if (!inSequenceRun || (row.drafts.length === 0 && row.sequenceStatus === null)) return null;
  return {
    step: row.sequenceStep ?? 1,
    status: (row.sequenceStatus ?? SEQUENCE_STATUS.active) as z.infer<typeof SequenceSchema>["status"],
    ended_reason: row.sequenceEndedReason as z.infer<typeof SequenceSchema>["ended_reason"],
    next_at: row.nextAt?.toISOString() ?? null,
  };
}
