// The body of a valid experiment (POST /v1/experiments, /api/web/experiments): two built-in
// draft_email versions, evenly weighted, on step 1 of `campaignId`. Shared by the isolation and
// web-route matrices and the browser fixtures.
export function twoVersionExperiment(campaignId: string, metric: "reply_rate" | "positive_reply_rate" = "reply_rate") {
  return {
    campaign_id: campaignId,
    step: 1,
    variants: [
      { version: "draft_email:v1.1.0", weight: 1 },
      { version: "draft_email:v1.2.0", weight: 1 },
    ],
    metric,
    min_per_variant: 5,
  };
}
