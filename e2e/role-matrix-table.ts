import type { Locator, Page } from "@playwright/test";
import type { Role } from "@/lib/auth/roles";
import { twoVersionExperiment } from "@/tests/helpers/experiment-body";
import type { MatrixFixture } from "./role-matrix-fixtures";

// Who may open which page and call which /api/web operation (contract §9, docs/web.md): one row
// each. The spec checks every row for every role, and that every page under app/ and every exported
// method under app/api/web has a row here.

const NONE = "00000000000000000000000000";

export type PageRow = {
  pattern: string;
  least: Role;
  url: (f: MatrixFixture) => string;
  /** Controls that need more than reading the page: present from `least` up, absent below. */
  controls?: { least: Role; find: (page: Page) => Locator }[];
  /**
   * A sign that the page's data has loaded (its client components fetch it after the first paint):
   * waited for before any control is checked absent, so an absence is never read off a loading page.
   * Required on every row with a control some role must not see.
   */
  loaded?: (page: Page, f: MatrixFixture) => Locator;
  /** Text only an admin's data holds: shown where the page is allowed, never in a 403. */
  shows?: (f: MatrixFixture) => string;
  /** For a page of one object: the URL of one that does not exist (404 with the app's page). */
  missing?: string;
};

export const PAGES: PageRow[] = [
  { pattern: "/", least: "viewer", url: () => "/" },
  { pattern: "/audit", least: "viewer", url: () => "/audit" },
  {
    pattern: "/inbox",
    least: "viewer",
    url: () => "/inbox",
    loaded: (p, f) => p.getByTestId(`inbox-${f.replyId}`),
    controls: [
      { least: "reviewer", find: (p) => p.getByRole("button", { name: /^Mark handled/ }).first() },
      { least: "reviewer", find: (p) => p.getByRole("button", { name: /^Stop outreach/ }).first() },
    ],
  },
  {
    pattern: "/campaigns",
    least: "viewer",
    url: () => "/campaigns",
    loaded: (p, f) => p.getByText(`Matrix ${f.tag}`).first(),
    controls: [{ least: "admin", find: (p) => p.getByRole("form", { name: "Create a campaign" }) }],
  },
  {
    pattern: "/campaigns/[id]",
    least: "viewer",
    url: (f) => `/campaigns/${f.campaignId}`,
    missing: `/campaigns/cmp_${NONE}`,
    loaded: (p, f) => p.locator(`a[href$="/experiments/${f.experimentId}"]`).first(),
    controls: [
      { least: "reviewer", find: (p) => p.getByRole("button", { name: /Approve/ }) },
      { least: "reviewer", find: (p) => p.getByRole("button", { name: "New experiment" }) },
    ],
  },
  {
    pattern: "/campaigns/[id]/experiments/[experiment_id]",
    least: "viewer",
    url: (f) => `/campaigns/${f.campaignId}/experiments/${f.experimentId}`,
    missing: `/campaigns/cmp_${NONE}/experiments/exp_${NONE}`,
    loaded: (p) => p.getByTestId("experiment-status"),
    controls: [{ least: "reviewer", find: (p) => p.getByRole("button", { name: "Conclude…" }) }],
  },
  { pattern: "/docs/api", least: "viewer", url: () => "/docs/api" },
  { pattern: "/packs", least: "viewer", url: () => "/packs" },
  {
    pattern: "/packs/[slug]",
    least: "viewer",
    url: (f) => `/packs/${f.packSlug}`,
    missing: "/packs/no-such-pack",
    loaded: (p) => p.locator("#pack-heading"),
    controls: [
      { least: "admin", find: (p) => p.getByRole("button", { name: /Fork pack/ }) },
      { least: "admin", find: (p) => p.getByRole("button", { name: /Save pins/ }) },
    ],
  },
  { pattern: "/prompts", least: "viewer", url: () => "/prompts" },
  {
    pattern: "/prompts/evals",
    least: "viewer",
    url: () => "/prompts/evals",
    loaded: (p, f) => p.getByText(`Matrix ${f.tag}`).first(),
    controls: [{ least: "admin", find: (p) => p.getByRole("form", { name: "New eval set" }) }],
  },
  {
    pattern: "/prompts/evals/[id]",
    least: "viewer",
    url: (f) => `/prompts/evals/${f.evalSetId}`,
    missing: `/prompts/evals/evs_${NONE}`,
    loaded: (p, f) => p.getByText(`Matrix case ${f.tag}`).first(),
    controls: [
      { least: "reviewer", find: (p) => p.getByRole("button", { name: "Remove" }).first() },
      { least: "reviewer", find: (p) => p.getByRole("form", { name: "Add a case" }) },
    ],
  },
  { pattern: "/prompts/[name]/versions/[semver]", least: "viewer", url: () => "/prompts/qualify/versions/v1.2.0", missing: "/prompts/qualify/versions/v9.9.9" },
  {
    pattern: "/prompts/[name]",
    least: "viewer",
    url: () => "/prompts/qualify",
    missing: "/prompts/no_such_prompt",
    loaded: (p) => p.locator("#history-heading"),
    controls: [{ least: "admin", find: (p) => p.getByRole("button", { name: /^Fork/ }) }],
  },
  {
    pattern: "/review",
    least: "viewer",
    url: (f) => `/review?run=${f.runId}`,
    loaded: (p, f) => p.getByTestId(`queue-${f.draftId}`),
    controls: [{ least: "reviewer", find: (p) => p.getByRole("checkbox").first() }],
  },
  {
    pattern: "/review/drafts/[id]",
    least: "viewer",
    url: (f) => `/review/drafts/${f.draftId}`,
    missing: `/review/drafts/drf_${NONE}`,
    loaded: (p) => p.locator("#lead-heading"), // the lead panel, drawn with the draft (its subject is text for a viewer, a field for a reviewer)
    controls: [
      { least: "reviewer", find: (p) => p.getByRole("button", { name: /^Approve/ }) },
      { least: "reviewer", find: (p) => p.getByRole("button", { name: "Reject…" }) },
    ],
  },
  {
    pattern: "/runs",
    least: "viewer",
    url: () => "/runs",
    loaded: (p, f) => p.getByTestId(`run-${f.runId}`),
    controls: [{ least: "admin", find: (p) => p.getByRole("link", { name: "Start a run" }) }],
  },
  { pattern: "/runs/new", least: "admin", url: () => "/runs/new" },
  {
    pattern: "/runs/[id]",
    least: "viewer",
    url: (f) => `/runs/${f.runId}`,
    missing: `/runs/run_${NONE}`,
    loaded: (p) => p.getByTestId("run-summary"), // drawn with the run: a reviewer's controls come with it
    // The fixture's run has a low-risk draft awaiting review.
    controls: [{ least: "reviewer", find: (p) => p.getByRole("button", { name: /^Approve the \d+ low-risk drafts? of this run$/ }) }],
  },
  {
    pattern: "/runs/[id]/replies",
    least: "viewer",
    url: (f) => `/runs/${f.runId}/replies`,
    missing: `/runs/run_${NONE}/replies`,
    loaded: (p, f) => p.getByTestId(`reply-${f.replyId}`),
    controls: [{ least: "reviewer", find: (p) => p.getByRole("button", { name: /^Correct…/ }) }],
  },
  { pattern: "/settings/members", least: "admin", url: () => "/settings/members", shows: (f) => f.marker },
  { pattern: "/settings/providers", least: "admin", url: () => "/settings/providers", shows: (f) => f.marker },
  { pattern: "/settings/relay", least: "admin", url: () => "/settings/relay" },
  { pattern: "/settings/senders", least: "admin", url: () => "/settings/senders", shows: (f) => f.marker },
  { pattern: "/settings/mailbox", least: "admin", url: () => "/settings/mailbox", shows: (f) => f.mailboxUsername },
  { pattern: "/settings/mailbox/unmatched", least: "viewer", url: () => "/settings/mailbox/unmatched", shows: (f) => f.unmatchedFrom },
  { pattern: "/settings/offer", least: "admin", url: () => "/settings/offer" },
  {
    pattern: "/settings/sessions",
    least: "viewer",
    url: () => "/settings/sessions",
    controls: [{ least: "viewer", find: (p) => p.getByRole("button", { name: "Sign out everywhere…" }) }],
  },
  {
    pattern: "/settings/suppressions",
    least: "viewer",
    url: () => "/settings/suppressions",
    loaded: (p) => p.locator("[data-testid^='suppression-']").first().or(p.getByText("No suppressed addresses")),
    controls: [{ least: "admin", find: (p) => p.getByRole("button", { name: "Suppress" }) }],
  },
  { pattern: "/settings/tokens", least: "admin", url: () => "/settings/tokens", shows: (f) => f.marker },
  { pattern: "/settings/webhooks", least: "admin", url: () => "/settings/webhooks", shows: (f) => f.marker },
  { pattern: "/settings/webhooks/dead-letters", least: "admin", url: () => "/settings/webhooks/dead-letters", shows: (f) => f.endpointUrl },
];

type Call = { path: string; data?: unknown };
export type ActionRow = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  route: string;
  least: Role;
  /** A request that would do the real thing (refused below `least`). */
  forced: (f: MatrixFixture) => Call;
  /** For roles allowed to: a request that passes the role check but changes nothing (unknown id, bad body). Defaults to `forced` for GET. */
  probe?: (f: MatrixFixture) => Call;
};

const get = (route: string, least: Role, path: (f: MatrixFixture) => string): ActionRow => ({
  method: "GET",
  route,
  least,
  forced: (f) => ({ path: path(f) }),
});

export const ACTIONS: ActionRow[] = [
  // Reading: every member.
  get("/audit", "viewer", () => "/api/web/audit"),
  get("/audit/facets", "viewer", () => "/api/web/audit/facets"),
  get("/inbox", "viewer", () => "/api/web/inbox"),
  get("/inbox/count", "viewer", () => "/api/web/inbox/count"),
  get("/replies/[id]", "viewer", (f) => `/api/web/replies/${f.replyId}`),
  get("/campaigns", "viewer", () => "/api/web/campaigns"),
  get("/campaigns/[id]", "viewer", (f) => `/api/web/campaigns/${f.campaignId}`),
  get("/campaigns/[id]/forecast", "viewer", (f) => `/api/web/campaigns/${f.campaignId}/forecast`),
  get("/experiments", "viewer", (f) => `/api/web/experiments?campaign_id=${f.campaignId}`),
  get("/experiments/[id]", "viewer", (f) => `/api/web/experiments/${f.experimentId}`),
  get("/drafts/[id]", "viewer", (f) => `/api/web/drafts/${f.draftId}`),
  get("/packs", "viewer", () => "/api/web/packs"),
  get("/packs/[slug]", "viewer", (f) => `/api/web/packs/${f.packSlug}`),
  get("/pin-options", "viewer", () => "/api/web/pin-options"),
  get("/prompts", "viewer", () => "/api/web/prompts"),
  get("/prompts/[name]", "viewer", () => "/api/web/prompts/qualify"),
  get("/review", "viewer", () => "/api/web/review"),
  get("/runs", "viewer", () => "/api/web/runs"),
  get("/runs/[id]", "viewer", (f) => `/api/web/runs/${f.runId}`),
  get("/runs/[id]/leads", "viewer", (f) => `/api/web/runs/${f.runId}/leads`),
  get("/relay/readiness", "viewer", () => "/api/web/relay/readiness"),
  get("/suppressions", "viewer", () => "/api/web/suppressions"),
  get("/sessions", "viewer", () => "/api/web/sessions"),
  // A user's own sessions: probes that pass the role check without ending the matrix's session.
  {
    method: "DELETE",
    route: "/sessions/[id]",
    least: "viewer",
    forced: () => ({ path: `/api/web/sessions/ses_${NONE}` }),
    probe: () => ({ path: `/api/web/sessions/ses_${NONE}` }),
  },
  {
    method: "POST",
    route: "/sessions/sign-out-everywhere",
    least: "viewer",
    forced: () => ({ path: "/api/web/sessions/sign-out-everywhere", data: {} }),
    probe: () => ({ path: "/api/web/sessions/sign-out-everywhere", data: {} }),
  },
  get("/runs/[id]/leads/[leadId]/traces", "viewer", (f) => `/api/web/runs/${f.runId}/leads/${f.leadId}/traces`),
  get("/runs/[id]/errors", "viewer", (f) => `/api/web/runs/${f.runId}/errors`),
  get("/runs/[id]/replies", "viewer", (f) => `/api/web/runs/${f.runId}/replies`),
  get("/runs/[id]/in-doubt", "viewer", (f) => `/api/web/runs/${f.runId}/in-doubt`),
  get("/mailbox/unmatched", "viewer", () => "/api/web/mailbox/unmatched"),
  get("/eval-sets", "viewer", () => "/api/web/eval-sets"),
  get("/eval-sets/[id]", "viewer", (f) => `/api/web/eval-sets/${f.evalSetId}`),
  get("/evaluations/[id]", "viewer", (f) => `/api/web/evaluations/${f.evaluationId}`),
  get("/prompts/[name]/versions/[semver]/evaluation", "viewer", () => "/api/web/prompts/qualify/versions/v1.2.0/evaluation"),
  get("/prompts/[name]/versions/[semver]/outcomes", "viewer", () => "/api/web/prompts/draft_email/versions/v1.3.0/outcomes"),
  get("/prompts/[name]/outcomes", "viewer", () => "/api/web/prompts/draft_email/outcomes"),
  get("/replays", "viewer", () => "/api/web/replays"),
  get("/replays/[id]", "viewer", (f) => `/api/web/replays/${f.replayId}`),
  {
    method: "POST",
    route: "/runs",
    least: "admin",
    forced: (f) => ({ path: "/api/web/runs", data: { pack: "saas-outbound", lead_ids: [f.leadId], stop_after: "extract_signals" } }),
    probe: () => ({ path: "/api/web/runs", data: { pack: "no-such-pack" } }),
  },
  {
    method: "PATCH",
    route: "/runs/[id]",
    least: "admin",
    forced: (f) => ({ path: `/api/web/runs/${f.runId}`, data: { name: "Forced name" } }),
    probe: () => ({ path: `/api/web/runs/run_${NONE}`, data: { name: "Probe" } }),
  },
  {
    method: "POST",
    route: "/runs/[id]/cancel",
    least: "admin",
    forced: (f) => ({ path: `/api/web/runs/${f.runId}/cancel` }),
    probe: () => ({ path: "/api/web/runs/run_00000000000000000000000000/cancel" }),
  },
  // Reviewing: reviewers and admins.
  {
    method: "POST",
    route: "/drafts/[id]/approve",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/drafts/${f.draftId}/approve`, data: {} }),
    probe: () => ({ path: `/api/web/drafts/drf_${NONE}/approve`, data: {} }),
  },
  {
    method: "POST",
    route: "/drafts/[id]/reject",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/drafts/${f.draftId}/reject`, data: { reason: "forced" } }),
    probe: () => ({ path: `/api/web/drafts/drf_${NONE}/reject`, data: { reason: "probe" } }),
  },
  {
    method: "POST",
    route: "/drafts/[id]/check",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/drafts/${f.draftId}/check`, data: { body: "Forced check" } }),
    probe: () => ({ path: `/api/web/drafts/drf_${NONE}/check`, data: {} }),
  },
  {
    method: "POST",
    route: "/runs/[id]/approve-low-risk",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/runs/${f.runId}/approve-low-risk` }),
    probe: () => ({ path: `/api/web/runs/run_${NONE}/approve-low-risk` }),
  },
  {
    method: "POST",
    route: "/drafts/[id]/undo-approval",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/drafts/${f.draftId}/undo-approval` }),
    probe: () => ({ path: `/api/web/drafts/drf_${NONE}/undo-approval` }),
  },
  {
    method: "POST",
    route: "/drafts/[id]/retry-send",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/drafts/${f.draftId}/retry-send` }),
    probe: () => ({ path: `/api/web/drafts/drf_${NONE}/retry-send` }),
  },
  {
    method: "POST",
    route: "/runs/[id]/leads/[leadId]/stop",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/runs/${f.runId}/leads/${f.leadId}/stop` }),
    probe: () => ({ path: `/api/web/runs/run_${NONE}/leads/lead_${NONE}/stop` }),
  },
  {
    method: "POST",
    route: "/runs/[id]/stop-sequences",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/runs/${f.runId}/stop-sequences` }),
    probe: () => ({ path: `/api/web/runs/run_${NONE}/stop-sequences` }),
  },
  {
    method: "POST",
    route: "/sends/[id]/resolve",
    least: "reviewer",
    forced: () => ({ path: `/api/web/sends/snd_${NONE}/resolve`, data: { outcome: "resend" } }),
    probe: () => ({ path: `/api/web/sends/snd_${NONE}/resolve`, data: { outcome: "resend" } }),
  },
  {
    method: "POST",
    route: "/review/approve",
    least: "reviewer",
    forced: (f) => ({ path: "/api/web/review/approve", data: { ids: [f.draftId] } }),
    probe: () => ({ path: "/api/web/review/approve", data: { ids: [] } }),
  },
  {
    method: "PATCH",
    route: "/replies/[id]",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/replies/${f.replyId}`, data: { classification: "meeting_request" } }),
    probe: () => ({ path: `/api/web/replies/rpl_${NONE}`, data: { classification: "other" } }),
  },
  {
    method: "POST",
    route: "/replies/[id]/stop",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/replies/${f.replyId}/stop`, data: { reason: "forced" } }),
    probe: () => ({ path: `/api/web/replies/rpl_${NONE}/stop`, data: { reason: "probe" } }),
  },
  {
    method: "POST",
    route: "/replies/[id]/answer",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/replies/${f.replyId}/answer` }),
    probe: () => ({ path: `/api/web/replies/rpl_${NONE}/answer` }),
  },
  {
    method: "POST",
    route: "/replies/[id]/referral",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/replies/${f.replyId}/referral` }),
    probe: () => ({ path: `/api/web/replies/rpl_${NONE}/referral` }),
  },
  {
    method: "POST",
    route: "/campaigns/[id]/approve",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/campaigns/${f.campaignId}/approve` }),
    probe: () => ({ path: `/api/web/campaigns/cmp_${NONE}/approve` }),
  },
  {
    method: "POST",
    route: "/experiments",
    least: "reviewer",
    forced: (f) => ({
      path: "/api/web/experiments",
      data: twoVersionExperiment(f.campaignId),
    }),
    probe: () => ({ path: "/api/web/experiments", data: {} }),
  },
  {
    method: "POST",
    route: "/experiments/[id]/conclude",
    least: "reviewer",
    forced: (f) => ({
      path: `/api/web/experiments/${f.experimentId}/conclude`,
      data: { winner: "draft_email:v1.3.0", reason: "forced", override_reason: "forced" },
    }),
    probe: () => ({ path: `/api/web/experiments/exp_${NONE}/conclude`, data: { winner: "draft_email:v1.3.0", reason: "probe" } }),
  },
  {
    method: "POST",
    route: "/campaigns/[id]/reject",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/campaigns/${f.campaignId}/reject`, data: { reason: "forced" } }),
    probe: () => ({ path: `/api/web/campaigns/cmp_${NONE}/reject`, data: { reason: "probe" } }),
  },
  {
    method: "POST",
    route: "/packs/[slug]/approve",
    least: "reviewer",
    forced: () => ({ path: "/api/web/packs/saas-outbound/approve", data: {} }),
    probe: () => ({ path: "/api/web/packs/no-such-pack-probe/approve", data: {} }),
  },
  {
    method: "POST",
    route: "/eval-sets/[id]/cases",
    least: "reviewer",
    forced: (f) => ({
      path: `/api/web/eval-sets/${f.evalSetId}/cases`,
      data: { name: "forced", input: { lead: { title: "CTO" } }, expect: { qualified: true } },
    }),
    probe: () => ({ path: `/api/web/eval-sets/evs_${NONE}/cases`, data: { name: "probe", input: { lead: {} }, expect: { qualified: false } } }),
  },
  {
    method: "DELETE",
    route: "/eval-sets/[id]/cases/[caseId]",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/eval-sets/${f.evalSetId}/cases/${f.evalCaseId}` }),
    probe: (f) => ({ path: `/api/web/eval-sets/${f.evalSetId}/cases/evc_${NONE}` }),
  },
  {
    method: "POST",
    route: "/evaluations",
    least: "reviewer",
    forced: () => ({ path: "/api/web/evaluations", data: { prompt: "qualify", version: "v1.2.0", provider: "local" } }),
    probe: () => ({ path: "/api/web/evaluations", data: {} }),
  },
  {
    method: "POST",
    route: "/replays",
    least: "reviewer",
    forced: (f) => ({ path: "/api/web/replays", data: { prompt: "qualify", version: "v1.2.0", run_id: f.runId, leads: 1 } }),
    probe: () => ({ path: "/api/web/replays", data: {} }),
  },
  {
    method: "POST",
    route: "/drafts/[id]/eval-case",
    least: "reviewer",
    forced: (f) => ({ path: `/api/web/drafts/${f.draftId}/eval-case` }),
    probe: () => ({ path: `/api/web/drafts/drf_${NONE}/eval-case` }),
  },
  {
    method: "POST",
    route: "/prompts/[name]/promote",
    least: "admin",
    forced: () => ({ path: "/api/web/prompts/qualify/promote", data: { version: "v1.0.0" } }),
    probe: () => ({ path: "/api/web/prompts/qualify/promote", data: {} }),
  },
  {
    method: "POST",
    route: "/prompts/[name]/rollback",
    least: "admin",
    forced: () => ({ path: "/api/web/prompts/qualify/rollback" }),
    probe: () => ({ path: "/api/web/prompts/no_such_prompt/rollback" }),
  },
  // Everything else: admins.
  {
    method: "POST",
    route: "/eval-sets",
    least: "admin",
    forced: (f) => ({ path: "/api/web/eval-sets", data: { ref: `evals/forced-${f.tag}`, stage: "qualify", name: "forced" } }),
    probe: () => ({ path: "/api/web/eval-sets", data: {} }),
  },
  {
    method: "POST",
    route: "/campaigns",
    least: "admin",
    forced: (f) => ({ path: "/api/web/campaigns", data: { name: `forced ${f.marker}`, pack: "saas-outbound" } }),
    probe: () => ({ path: "/api/web/campaigns", data: {} }),
  },
  {
    method: "POST",
    route: "/prompts/[name]/fork",
    least: "admin",
    forced: (f) => ({ path: "/api/web/prompts/qualify/fork", data: { from: "v1.2.0", as: `v1.2.0-forced${f.tag}` } }),
    probe: () => ({ path: "/api/web/prompts/qualify/fork", data: {} }),
  },
  {
    method: "POST",
    route: "/packs/[slug]/fork",
    least: "admin",
    forced: (f) => ({ path: "/api/web/packs/saas-outbound/fork", data: { slug: `forced-${f.tag}` } }),
    probe: () => ({ path: "/api/web/packs/saas-outbound/fork", data: { slug: "Not A Slug" } }),
  },
  {
    method: "PATCH",
    route: "/campaigns/[id]",
    least: "admin",
    forced: (f) => ({ path: `/api/web/campaigns/${f.campaignId}`, data: { offer: { tone: "formal" } } }),
    probe: () => ({ path: `/api/web/campaigns/cmp_${NONE}`, data: { offer: { tone: "formal" } } }),
  },
  {
    method: "POST",
    route: "/packs/[slug]/predict",
    least: "admin",
    forced: (f) => ({ path: `/api/web/packs/${f.packSlug}/predict`, data: { header: ["email", "title"], rows: [["a@example.com", "CEO"]] } }),
    probe: () => ({ path: "/api/web/packs/no-such-pack-probe/predict", data: { header: ["email"], rows: [] } }),
  },
  {
    method: "PATCH",
    route: "/packs/[slug]",
    least: "admin",
    forced: (f) => ({ path: `/api/web/packs/${f.packSlug}`, data: { prompts: { qualify: "qualify:v1.2.0" } } }),
    probe: (f) => ({ path: `/api/web/packs/${f.packSlug}`, data: { prompts: { qualify: "not a pin" } } }),
  },
  get("/tokens", "admin", () => "/api/web/tokens"),
  {
    method: "POST",
    route: "/tokens",
    least: "admin",
    forced: (f) => ({ path: "/api/web/tokens", data: { name: `forced ${f.tag}`, scope: "write", expires_in_days: null } }),
    probe: () => ({ path: "/api/web/tokens", data: {} }),
  },
  {
    method: "POST",
    route: "/tokens/[id]/revoke",
    least: "admin",
    forced: (f) => ({ path: `/api/web/tokens/${f.tokenId}/revoke` }),
    probe: () => ({ path: `/api/web/tokens/tok_${NONE}/revoke` }),
  },
  get("/members", "admin", () => "/api/web/members"),
  {
    method: "POST",
    route: "/members",
    least: "admin",
    forced: (f) => ({ path: "/api/web/members", data: { email: `forced+${f.tag}@example.com`, name: "Forced", password: "long-enough-pass", role: "admin" } }),
    probe: () => ({ path: "/api/web/members", data: {} }),
  },
  {
    method: "PATCH",
    route: "/members/[userId]",
    least: "admin",
    forced: (f) => ({ path: `/api/web/members/${f.memberId}`, data: { role: "admin" } }),
    probe: () => ({ path: `/api/web/members/usr_${NONE}`, data: { role: "viewer" } }),
  },
  get("/senders", "admin", () => "/api/web/senders"),
  {
    method: "POST",
    route: "/senders",
    least: "admin",
    forced: () => ({ path: "/api/web/senders", data: { from_email: "forced@example.com", relay: { host: "smtp.example.com", port: 587 } } }),
    probe: () => ({ path: "/api/web/senders", data: {} }),
  },
  {
    method: "PATCH",
    route: "/senders/[id]",
    least: "admin",
    forced: (f) => ({ path: `/api/web/senders/${f.senderId}`, data: { enabled: false, from_email: "forced@example.com" } }),
    probe: () => ({ path: `/api/web/senders/sdr_${NONE}`, data: { enabled: false } }),
  },
  {
    method: "DELETE",
    route: "/senders/[id]",
    least: "admin",
    forced: (f) => ({ path: `/api/web/senders/${f.senderId}` }),
    probe: () => ({ path: `/api/web/senders/sdr_${NONE}` }),
  },
  {
    method: "POST",
    route: "/senders/[id]/dns-check",
    least: "admin",
    forced: (f) => ({ path: `/api/web/senders/${f.senderId}/dns-check` }),
    probe: () => ({ path: `/api/web/senders/sdr_${NONE}/dns-check` }),
  },
  {
    method: "POST",
    route: "/senders/[id]/check",
    least: "admin",
    forced: (f) => ({ path: `/api/web/senders/${f.senderId}/check` }),
    probe: () => ({ path: `/api/web/senders/sdr_${NONE}/check` }),
  },
  {
    method: "POST",
    route: "/senders/[id]/resume",
    least: "admin",
    forced: (f) => ({ path: `/api/web/senders/${f.senderId}/resume`, data: { reason: "Forced" } }),
    probe: () => ({ path: `/api/web/senders/sdr_${NONE}/resume`, data: { reason: "Probe" } }),
  },
  {
    method: "POST",
    route: "/relay/dns-check",
    least: "admin",
    forced: () => ({ path: "/api/web/relay/dns-check" }),
    probe: () => ({ path: "/api/web/relay/dns-check" }),
  },
  {
    method: "POST",
    route: "/relay/resume",
    least: "admin",
    forced: () => ({ path: "/api/web/relay/resume", data: { reason: "Forced" } }),
    probe: () => ({ path: "/api/web/relay/resume", data: { reason: "Probe" } }),
  },
  get("/webhook-endpoints", "admin", () => "/api/web/webhook-endpoints"),
  {
    method: "POST",
    route: "/webhook-endpoints",
    least: "admin",
    forced: (f) => ({ path: "/api/web/webhook-endpoints", data: { url: `${f.endpointUrl}/forced`, events: [] } }),
    probe: () => ({ path: "/api/web/webhook-endpoints", data: {} }),
  },
  {
    method: "PATCH",
    route: "/webhook-endpoints/[id]",
    least: "admin",
    forced: (f) => ({ path: `/api/web/webhook-endpoints/${f.endpointId}`, data: { enabled: true, description: "forced" } }),
    probe: () => ({ path: `/api/web/webhook-endpoints/whe_${NONE}`, data: { enabled: true } }),
  },
  {
    method: "DELETE",
    route: "/webhook-endpoints/[id]",
    least: "admin",
    forced: (f) => ({ path: `/api/web/webhook-endpoints/${f.endpointId}` }),
    probe: () => ({ path: `/api/web/webhook-endpoints/whe_${NONE}` }),
  },
  {
    method: "POST",
    route: "/webhook-endpoints/[id]/test",
    least: "admin",
    forced: (f) => ({ path: `/api/web/webhook-endpoints/${f.endpointId}/test` }),
    probe: () => ({ path: `/api/web/webhook-endpoints/whe_${NONE}/test` }),
  },
  {
    method: "POST",
    route: "/webhook-endpoints/[id]/reveal",
    least: "admin",
    forced: (f) => ({ path: `/api/web/webhook-endpoints/${f.endpointId}/reveal` }),
    probe: () => ({ path: `/api/web/webhook-endpoints/whe_${NONE}/reveal` }),
  },
  {
    method: "POST",
    route: "/webhook-endpoints/[id]/rotate",
    least: "admin",
    forced: (f) => ({ path: `/api/web/webhook-endpoints/${f.endpointId}/rotate` }),
    probe: () => ({ path: `/api/web/webhook-endpoints/whe_${NONE}/rotate` }),
  },
  get("/webhook-endpoints/[id]/deliveries", "admin", (f) => `/api/web/webhook-endpoints/${f.endpointId}/deliveries`),
  get("/dead-letters", "admin", () => "/api/web/dead-letters"),
  {
    method: "POST",
    route: "/dead-letters/replay",
    least: "admin",
    forced: (f) => ({ path: "/api/web/dead-letters/replay", data: { ids: [f.deadLetterId] } }),
    probe: () => ({ path: "/api/web/dead-letters/replay", data: { ids: [] } }),
  },
  get("/providers", "admin", () => "/api/web/providers"),
  {
    method: "PUT",
    route: "/providers/[slug]",
    least: "admin",
    forced: (f) => ({ path: `/api/web/providers/${f.providerSlug}`, data: { default_model: "forced" } }),
    probe: (f) => ({ path: `/api/web/providers/${f.providerSlug}`, data: { max_concurrency: 0 } }),
  },
  {
    method: "DELETE",
    route: "/providers/[slug]",
    least: "admin",
    forced: (f) => ({ path: `/api/web/providers/${f.providerSlug}` }),
    probe: () => ({ path: "/api/web/providers/no-such-provider" }),
  },
  {
    method: "POST",
    route: "/providers/[slug]/test",
    least: "admin",
    forced: (f) => ({ path: `/api/web/providers/${f.providerSlug}/test` }),
    probe: () => ({ path: "/api/web/providers/no-such-provider/test" }),
  },
  get("/relay", "admin", () => "/api/web/relay"),
  get("/offer", "viewer", () => "/api/web/offer"),
  {
    method: "PUT",
    route: "/offer",
    least: "admin",
    forced: () => ({ path: "/api/web/offer", data: { product: "Forced product" } }),
    probe: () => ({ path: "/api/web/offer", data: { tone: "shouting" } }),
  },
  {
    method: "PUT",
    route: "/relay",
    least: "admin",
    forced: () => ({ path: "/api/web/relay", data: { host: "forced.example", port: 25, from_email: "forced@example.com" } }),
    probe: () => ({ path: "/api/web/relay", data: {} }),
  },
  {
    method: "POST",
    route: "/suppressions",
    least: "admin",
    forced: (f) => ({ path: "/api/web/suppressions", data: { email: `forced+${f.tag}@example.com`, reason: "forced" } }),
    probe: () => ({ path: "/api/web/suppressions", data: {} }),
  },
  {
    method: "POST",
    route: "/suppressions/import",
    least: "admin",
    forced: (f) => ({ path: "/api/web/suppressions/import", data: { csv: `email\nforced+${f.tag}@example.com\n` } }),
    probe: () => ({ path: "/api/web/suppressions/import", data: {} }),
  },
  {
    method: "DELETE",
    route: "/suppressions/[email]",
    least: "admin",
    forced: () => ({ path: "/api/web/suppressions/forced%40example.com" }),
    probe: () => ({ path: "/api/web/suppressions/nobody%40example.com" }),
  },
  get("/mailbox", "admin", () => "/api/web/mailbox"),
  {
    method: "PUT",
    route: "/mailbox",
    least: "admin",
    forced: () => ({ path: "/api/web/mailbox", data: { host: "forced.example", port: 993, username: "forced@example.com" } }),
    probe: () => ({ path: "/api/web/mailbox", data: {} }),
  },
  {
    method: "POST",
    route: "/mailbox/check",
    least: "admin",
    forced: () => ({ path: "/api/web/mailbox/check" }),
    probe: () => ({ path: "/api/web/mailbox/check" }),
  },
  { method: "POST", route: "/relay/check", least: "admin", forced: () => ({ path: "/api/web/relay/check" }), probe: () => ({ path: "/api/web/relay/check" }) },
];

/** The routes and methods that exist, as "METHOD /route" (for the completeness check). */
export const actionKey = (row: Pick<ActionRow, "method" | "route">) => `${row.method} ${row.route}`;
