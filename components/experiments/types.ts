// What /api/web/experiments answers (lib/experiments/experiments.ts, ExperimentSchema): kept here as
// a type so the browser code imports no server module.

export type VersionRef = { name: string; version: string };
export type VariantResult = {
  version: VersionRef;
  weight: number;
  leads: number;
  drafted: number;
  approved: number;
  edited: number;
  rejected: number;
  sent: number;
  replies: number;
  positive_replies: number;
  rate: number | null;
  interval_95: [number, number];
  probability_best: number;
};
export type ExperimentJson = {
  id: string;
  campaign_id: string;
  step: number;
  metric: "reply_rate" | "positive_reply_rate";
  min_per_variant: number;
  status: "running" | "concluded";
  variants: { version: VersionRef; weight: number }[];
  results: VariantResult[];
  summary: { enough_data: boolean; needs_more_per_variant: number; message: string };
  winner: VersionRef | null;
  reason: string | null;
  override_reason: string | null;
  created_by: string | null;
  created_at: string;
  concluded_by: string | null;
  concluded_at: string | null;
};

export const METRIC_LABELS: Record<ExperimentJson["metric"], string> = {
  reply_rate: "Reply rate",
  positive_reply_rate: "Positive reply rate",
};

export const pinOf = (ref: VersionRef) => `${ref.name}:${ref.version}`;
export const percent = (value: number | null, digits = 1) => (value === null ? "—" : `${(value * 100).toFixed(digits)} %`);
export const experimentHref = (experiment: Pick<ExperimentJson, "id" | "campaign_id">) => `/campaigns/${experiment.campaign_id}/experiments/${experiment.id}`;
