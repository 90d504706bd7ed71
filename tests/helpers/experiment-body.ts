// The body of a valid experiment (POST /v1/experiments, /api/web/experiments): two built-in
// draft_email versions (v1.1.0 and v1.2.0 unless `versions` says), evenly weighted, on step 1 of
// `campaignId`. Shared by the isolation and web-route matrices and the browser fixtures.
type Options = { metric?: "reply_rate" | "positive_reply_rate"; versions?: [string, string]; minPerVariant?: number };

export function twoVersionExperiment(campaignId: string, { metric = "reply_rate", versions = ["v1.1.0", "v1.2.0"], minPerVariant = 5 }: Options = {}) {
  return {
    campaign_id: campaignId,
    step: 1,
    variants: versions.map((version) => ({ version: `draft_email:${version}`, weight: 1 })),
    metric,
    min_per_variant: minPerVariant,
  };
}
