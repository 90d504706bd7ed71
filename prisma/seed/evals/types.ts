import type { CaseExpect, CaseInput, EvalStage, SetContext } from "@/lib/evals/case-schema";

export type SeedEvalCase = { name: string; input: CaseInput; expect: CaseExpect };
export type SeedEvalSet = { ref: string; stage: EvalStage; name: string; description: string; context: SetContext; cases: SeedEvalCase[] };
