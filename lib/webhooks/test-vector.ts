// The published signature test vector (docs/webhooks.md, /docs/api). signing.test.ts checks the
// signature it produces; the docs page signs it afresh with the delivery code.
export const SIGNATURE_TEST_VECTOR = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  t: 1763719200,
  body: JSON.stringify({
    event: "draft.ready",
    id: "evt_01jd0000000000000000000000",
    occurred_at: "2026-11-21T10:00:00.000Z",
    data: {
      lead_id: "lead_01jd0000000000000000000001",
      draft_id: "drf_01jd0000000000000000000002",
      review_url: "https://app.example.com/review/drafts/drf_01jd0000000000000000000002",
      run_id: "run_01jd0000000000000000000003",
    },
  }),
};
