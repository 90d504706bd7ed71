import { z } from "zod";
import type { Signals } from "@/lib/engine/local/signals";
import type { StageDefinition } from "@/lib/stages/definition";
import { LEAD_STAGE_VARIABLES } from "@/lib/stages/variables";

// extract_signals: what a lead's fields say about it (any JSON object of signals).

export type ExtractSignalsOutput = { stage: "extract_signals"; signals: Signals };

const OutputSchema = z.record(z.string(), z.unknown());

export const extractSignals: StageDefinition<"extract_signals", ExtractSignalsOutput> = {
  stage: "extract_signals",
  variables: LEAD_STAGE_VARIABLES,
  read(value) {
    const parsed = OutputSchema.safeParse(value);
    return parsed.success ? { stage: "extract_signals", signals: parsed.data as Signals } : null;
  },
};
