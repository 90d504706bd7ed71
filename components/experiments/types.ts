// What /api/web/experiments answers: the API's own schema, imported as a type only (erased at
// build), so the browser code takes no server module.
import type { ExperimentJson } from "@/lib/experiments/experiments";

export type { ExperimentJson };
export type VariantResult = ExperimentJson["results"][number];
export type VersionRef = NonNullable<ExperimentJson["winner"]>;

export const METRIC_LABELS: Record<ExperimentJson["metric"], string> = {
  reply_rate: "Reply rate",
  positive_reply_rate: "Positive reply rate",
};

export type ExperimentStep = ExperimentJson["step"];
/** "step 2", or "the reply step" (answers to replies, contract §13). */
export const stepName = (step: ExperimentStep) => (step === "reply" ? "the reply step" : `step ${step}`);
/** A step's heading: "Step 2", or "Answers". */
export const stepTitle = (step: ExperimentStep) => (step === "reply" ? "Answers" : `Step ${step}`);

export const pinOf = (ref: VersionRef) => `${ref.name}:${ref.version}`;
export const percent = (value: number | null, digits = 1) => (value === null ? "—" : `${(value * 100).toFixed(digits)} %`);
export const experimentHref = (experiment: Pick<ExperimentJson, "id" | "campaign_id">) => `/campaigns/${experiment.campaign_id}/experiments/${experiment.id}`;
