import { z } from "zod";
import type { StageDefinition } from "@/lib/stages/definition";
import { LEAD_STAGE_VARIABLES } from "@/lib/stages/variables";

// qualify: a verdict on the lead, with a score (0–100; from the verdict when missing) and reasons.

export type QualifyOutput = { stage: "qualify"; score: number; qualified: boolean; reasons: string[] };

const OutputSchema = z.object({ qualified: z.boolean(), score: z.number().min(0).max(100).optional(), reasons: z.array(z.string()).optional() });

export const qualify: StageDefinition<"qualify", QualifyOutput> = {
  stage: "qualify",
  variables: LEAD_STAGE_VARIABLES,
  read(value) {
    const parsed = OutputSchema.safeParse(value);
    if (!parsed.success) return null;
    const { qualified, score, reasons } = parsed.data;
    return { stage: "qualify", qualified, score: Math.round(score ?? (qualified ? 100 : 0)), reasons: reasons ?? [] };
  },
};
