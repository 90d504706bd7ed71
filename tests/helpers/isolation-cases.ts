import type { ApiAnswer } from "./api-fixtures";
import { twoVersionExperiment } from "./experiment-body";
import { identifiers, type Resources } from "./isolation-fixtures";

// What the contract says about each /v1 operation, for the isolation matrix
// (tests/api/isolation.test.ts). The operations themselves come from the OpenAPI document; this
// table holds what the document cannot say. An operation missing here fails the coverage test.

export type Role = "viewer" | "reviewer" | "admin";

/** One request another workspace's admin makes with this workspace's ids in its query or body. */
export type Probe = {
  label: string;
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
  expect: number[];
  check?: (body: Record<string, unknown>, headers: Headers) => string | null;
};

/** B's identifiers in an answer to A that A did not send itself. */
export function leakedIds(answer: ApiAnswer, request: string, b: Resources): string[] {
  const text = JSON.stringify(answer.body) + (answer.headers.get("location") ?? "");
  return identifiers(b).filter((id) => text.includes(id) && !request.includes(id));
}

/** What is wrong with the answer to a probe sent to `path`: its status, B's ids it shows, its own check. */
export function probeFailures(which: string, probe: Probe, answer: ApiAnswer, path: string, b: Resources): string[] {
  const out: string[] = [];
  if (!probe.expect.includes(answer.status))
    out.push(`${which} → ${answer.status} (want ${probe.expect.join("|")}) ${JSON.stringify(answer.body).slice(0, 200)}`);
  const leaks = leakedIds(answer, path + JSON.stringify(probe.body ?? null), b);
  if (leaks.length) out.push(`${which} shows B's ${leaks.join(", ")}`);
  const complaint = probe.check?.(answer.body, answer.headers);
  if (complaint) out.push(`${which}: ${complaint}`);
  return out;
}

export type V1Case = {
  /** The least role, from the contract (§9: reviewers review, viewers read, admins the rest) and docs/api.md. */
  role: Role;
  /** A valid body naming the target's resources, so that only the check under test can refuse it. */
  body?: (r: Resources) => unknown;
  /** Path parameters other than the defaults of PATH_RESOURCES. */
  params?: (r: Resources) => Record<string, string>;
  /**
   * What another workspace's admin gets on this operation with the target's path ids: 404 unless
   * the path names something in the caller's own namespace (a provider slug: POST creates the
   * caller's own provider of that name).
   */
  crossStatus?: number;
  /** Requests without path ids (lists, creates) that name the target's resources elsewhere. */
  probes?: (r: Resources, cursors: Record<string, string>) => Probe[];
  /** Requests on the caller's own resources (path ids from `own`) whose body names the target's. */
  ownProbes?: (r: Resources) => Probe[];
};

/** Path parameter → the target's resource, keyed by "<first path segment>.<param>". */
export const PATH_RESOURCES: Record<string, (r: Resources) => string> = {
  "leads.id": (r) => r.leadId,
  "runs.id": (r) => r.runId,
  "runs.lead_id": (r) => r.leadId,
  "drafts.id": (r) => r.draftId,
  "sends.id": (r) => r.inDoubtSendId,
  "replies.id": (r) => r.replyId,
  "campaigns.id": (r) => r.campaignId,
  "experiments.id": (r) => r.experimentId,
  "webhook-endpoints.id": (r) => r.endpointId,
  "senders.id": (r) => r.senderId,
  "packs.slug": (r) => r.packSlug,
  "prompts.name": (r) => r.promptName,
  "prompts.semver": (r) => r.promptVersion,
  "providers.slug": (r) => r.providerSlug,
  "suppressions.email": (r) => r.suppressedEmail,
  // Contract §11 names sets by the evals_ref (the target's own ref: nothing the caller can see).
  "eval-sets.ref": (r) => r.evalSetRef,
  "eval-sets.case_id": (r) => r.evalCaseId,
  "evaluations.id": (r) => r.evaluationId,
  "replays.id": (r) => r.replayId,
};

const list = (label: string, query = ""): Probe => ({ label, query, expect: [200] });
const now = () => new Date().toISOString();

export const V1_CASES: Record<string, V1Case> = {
  listLeads: {
    role: "viewer",
    probes: (r, cursors) => [
      list("all"),
      list("run_id filter", `?run_id=${r.runId}`),
      list("email filter", `?email=${encodeURIComponent(r.leadEmail)}`),
      { label: "foreign cursor", query: `?cursor=${cursors.leads}`, expect: [400] },
    ],
  },
  createLead: {
    role: "admin",
    body: () => ({ email: `fresh-${Date.now()}@isolation.example` }),
    probes: (r) => [
      {
        label: "the target's Idempotency-Key and body replay nothing of the target's",
        body: r.leadBody,
        headers: { "idempotency-key": r.leadIdempotencyKey },
        expect: [201],
        check: (_, headers) => (headers.get("idempotent-replayed") ? "replayed another token's answer" : null),
      },
      // The lead above has the target's email now: 409 lead_exists naming the caller's own lead.
      { label: "the target's email again", body: { email: r.leadEmail }, expect: [409] },
    ],
  },
  getLead: { role: "viewer" },
  listRuns: { role: "viewer", probes: () => [list("all")] },
  createRun: {
    role: "admin",
    body: (r) => ({ pack: "saas-outbound", leads_csv_url: `https://leads.example.com/${r.workspaceSlug}-new.csv` }),
    probes: (r) => [
      { label: "the target's pack", body: { pack: r.packSlug, leads_csv_url: "https://leads.example.com/a.csv" }, expect: [404, 422] },
      {
        label: "the target's campaign",
        body: { pack: "saas-outbound", leads_csv_url: "https://leads.example.com/a.csv", campaign_id: r.campaignId },
        expect: [404, 422],
      },
      {
        label: "a pin of the target's fork",
        body: { pack: "saas-outbound", leads_csv_url: "https://leads.example.com/a.csv", pins: { qualify: r.promptPin } },
        expect: [422],
      },
      { label: "lead_ids naming the target's lead", body: { pack: "saas-outbound", lead_ids: [r.leadId] }, expect: [422] },
      { label: "lead_filter on the target's run", body: { pack: "saas-outbound", lead_filter: { run_id: r.runId } }, expect: [422] },
    ],
  },
  getRun: { role: "viewer" },
  listRunLeads: { role: "viewer", ownProbes: () => [{ label: "its own run's leads", expect: [200] }] },
  listRunErrors: { role: "viewer" },
  cancelRun: { role: "admin" },
  stopRunLead: { role: "reviewer" },
  stopRunSequences: { role: "reviewer" },
  renameRun: { role: "admin", body: () => ({ name: "Renamed by another workspace" }) },
  listDrafts: { role: "viewer", probes: (r) => [list("all"), list("run_id filter", `?run_id=${r.runId}`)] },
  getDraft: { role: "viewer" },
  approveDraft: { role: "reviewer", body: () => ({ subject: "Edited by another workspace" }) },
  rejectDraft: { role: "reviewer", body: () => ({ reason: "Rejected by another workspace" }) },
  checkDraft: { role: "reviewer", body: () => ({ body: "Checked by another workspace" }) },
  listSends: { role: "viewer", probes: (r) => [list("all"), list("in doubt", "?status=in_doubt"), list("run_id filter", `?run_id=${r.runId}`)] },
  getSend: { role: "viewer" },
  resolveSend: { role: "reviewer", body: () => ({ outcome: "resend" }) },
  createReply: {
    role: "admin",
    body: (r) => ({ draft_id: r.sentDraftId, from: "someone@isolation.example", text: "Hello", received_at: now() }),
    probes: (r) => [
      {
        label: "in_reply_to the target's Message-ID",
        body: { in_reply_to: r.messageId, from: "x@isolation.example", text: "Hi", received_at: now() },
        expect: [404, 422],
      },
      {
        label: "draft_id of the target's draft",
        body: { draft_id: r.sentDraftId, from: "x@isolation.example", text: "Hi", received_at: now() },
        expect: [404, 422],
      },
    ],
  },
  getReply: { role: "viewer" },
  listReplies: {
    role: "viewer",
    probes: (r) => [
      list("all"),
      list("run_id filter", `?run_id=${r.runId}`),
      list("classification filter", "?classification=interested"),
      list("not handled", "?handled=false"),
      list("since", "?since=2000-01-01T00:00:00Z"),
    ],
  },
  correctReply: { role: "reviewer", body: () => ({ classification: "not_interested" }) },
  answerReply: { role: "reviewer" },
  followReferral: { role: "reviewer" },
  getMailbox: { role: "admin", probes: () => [{ label: "the caller's own mailbox", expect: [200] }] },
  putMailbox: {
    role: "admin",
    body: () => ({ host: "imap.other.example", port: 993, username: "intruder@other.example", password: "intruder-pass" }),
    probes: () => [{ label: "sets the caller's own mailbox", body: { host: "imap.invalid", port: 993, username: "own@other.example" }, expect: [200] }],
  },
  checkMailbox: { role: "admin", probes: () => [{ label: "checks the caller's own mailbox", expect: [200] }] },
  checkRelayDns: { role: "admin", probes: () => [{ label: "checks the caller's own relay's domain", expect: [200] }] },
  getRelay: { role: "admin", probes: () => [{ label: "the caller's own relay", expect: [200] }] },
  putRelay: {
    role: "admin",
    body: () => ({ host: "smtp.other.example", port: 2525, username: "intruder", password: "intruder-pass", from_email: "intruder@other.example" }),
    probes: () => [{ label: "sets the caller's own relay", body: { host: "smtp.other.example", port: 2525, from_email: "own@other.example" }, expect: [200] }],
  },
  resumeRelay: {
    role: "admin",
    body: () => ({ reason: "Checked the list" }),
    probes: () => [{ label: "resumes the caller's own relay", body: { reason: "Checked the list" }, expect: [200, 404] }],
  },
  getSendingPolicy: { role: "admin", probes: () => [{ label: "the caller's own policy", expect: [200] }] },
  putSendingPolicy: {
    role: "admin",
    body: () => ({ max_bounce_rate: 0.9, min_sends: 1000 }),
    probes: () => [{ label: "sets the caller's own policy", body: { max_bounce_rate: 0.1 }, expect: [200] }],
  },
  getOffer: { role: "viewer", probes: () => [{ label: "the caller's own offer", expect: [200] }] },
  putOffer: {
    role: "admin",
    body: () => ({ product: "Intruder product", sender_name: "Intruder" }),
    probes: () => [{ label: "sets the caller's own offer", body: { product: "Own product" }, expect: [200] }],
  },
  listCampaigns: { role: "viewer", probes: () => [list("all")] },
  createCampaign: {
    role: "admin",
    body: () => ({ name: "New campaign", pack: "saas-outbound" }),
    probes: (r) => [
      { label: "the target's pack", body: { name: "c", pack: r.packSlug }, expect: [404, 422] },
      { label: "a pin of the target's fork", body: { name: "c", pack: "saas-outbound", pins: { qualify: r.promptPin } }, expect: [422] },
      { label: "the target's sender", body: { name: "c", pack: "saas-outbound", sender_ids: [r.senderId] }, expect: [422] },
    ],
  },
  getCampaign: { role: "viewer" },
  getCampaignForecast: { role: "viewer" },
  updateCampaign: {
    role: "admin",
    body: () => ({ name: "Renamed by another workspace" }),
    ownProbes: (r) => [
      { label: "its own campaign pinned to the target's fork", body: { pins: { qualify: r.promptPin } }, expect: [422] },
      { label: "its own campaign sent through the target's sender", body: { sender_ids: [r.senderId] }, expect: [422] },
    ],
  },
  approveCampaign: { role: "reviewer", body: () => ({ override_reason: "Approved by another workspace" }) },
  rejectCampaign: { role: "reviewer", body: () => ({ reason: "Rejected by another workspace" }) },
  listExperiments: {
    role: "viewer",
    probes: (r) => [list("all"), { label: "the target's campaign_id", query: `?campaign_id=${r.campaignId}`, expect: [200] }],
  },
  createExperiment: {
    role: "reviewer",
    body: (r) => twoVersionExperiment(r.campaignId, { metric: "positive_reply_rate" }),
    probes: (r) => [
      {
        label: "the target's campaign",
        body: twoVersionExperiment(r.campaignId),
        expect: [422],
      },
    ],
  },
  getExperiment: { role: "viewer" },
  concludeExperiment: {
    role: "reviewer",
    body: () => ({ winner: "draft_email:v1.3.0", reason: "Concluded by another workspace", override_reason: "testing" }),
  },
  listPacks: { role: "viewer", probes: () => [list("all")] },
  getPack: { role: "viewer" },
  updatePack: {
    role: "admin",
    body: () => ({ name: "Renamed by another workspace" }),
    ownProbes: (r) => [{ label: "its own pack pinned to the target's fork", body: { prompts: { qualify: r.promptPin } }, expect: [422] }],
  },
  forkPack: { role: "admin", body: () => ({ name: "Forked by another workspace" }) },
  approvePack: {
    role: "reviewer",
    body: () => ({}),
    ownProbes: (r) => [{ label: "its own pack's set with a run pin of the target's fork", body: { pins: { qualify: r.promptPin } }, expect: [422] }],
  },
  getPrompt: { role: "viewer" },
  getPromptVersion: { role: "viewer" },
  forkPrompt: {
    role: "admin",
    body: (r) => ({ from: r.promptVersion, as: `${r.promptVersion}-again` }),
    ownProbes: (r) => [{ label: "a fork of the target's fork version", body: { from: r.promptVersion, as: `${r.promptVersion}-again` }, expect: [422] }],
  },
  promotePrompt: {
    role: "admin",
    body: (r) => ({ version: r.promptVersion }),
    ownProbes: (r) => [{ label: "its own fork promoted to the target's fork version", body: { version: r.promptVersion }, expect: [422] }],
  },
  rollbackPrompt: { role: "admin" },
  getVersionEvaluation: { role: "viewer" },
  getVersionOutcomes: { role: "viewer" },
  listEvalSets: { role: "viewer", probes: () => [list("all")] },
  createEvalSet: {
    role: "admin",
    body: () => ({ ref: `evals/fresh-${Date.now()}`, stage: "qualify", name: "Fresh set" }),
    // A ref is a name in the caller's own namespace (as a provider slug): nothing of the target's to name.
    probes: () => [],
  },
  getEvalSet: { role: "viewer" },
  addEvalCase: { role: "reviewer", body: () => ({ name: "Added by another workspace", input: { lead: { title: "CTO" } }, expect: { qualified: true } }) },
  removeEvalCase: { role: "reviewer" },
  listEvaluations: { role: "viewer", probes: (r) => [list("all"), list("prompt filter on the target's fork", `?prompt=${encodeURIComponent(r.promptName)}`)] },
  createEvaluation: {
    role: "reviewer",
    // Names a version the target does not have: the role check passes and nothing is created.
    body: (r) => ({ prompt: r.promptName, version: `${r.promptVersion}-none`, provider: "local" }),
    probes: (r) => [
      { label: "the target's fork", body: { prompt: r.promptName, version: r.promptVersion, provider: "local" }, expect: [404] },
      { label: "the target's eval set by id", body: { prompt: "qualify", version: "v1.2.0", set: r.evalSetId, provider: "local" }, expect: [422] },
      { label: "the target's eval set by ref", body: { prompt: "qualify", version: "v1.2.0", set: r.evalSetRef, provider: "local" }, expect: [422] },
    ],
  },
  getEvaluation: { role: "viewer" },
  getPromptOutcomes: { role: "viewer" },
  listReplays: {
    role: "viewer",
    probes: (r) => [
      list("all"),
      list("prompt filter on the target's fork", `?prompt=${encodeURIComponent(r.promptName)}`),
      list("the target's run", `?run_id=${r.runId}`),
    ],
  },
  createReplay: {
    role: "reviewer",
    // Names a version the target does not have: the role check passes and nothing is created.
    body: (r) => ({ prompt: r.promptName, version: `${r.promptVersion}-none`, run_id: r.runId }),
    probes: (r) => [
      { label: "the target's fork", body: { prompt: r.promptName, version: r.promptVersion, run_id: r.runId }, expect: [404] },
      { label: "the target's run", body: { prompt: "qualify", version: "v1.2.0", run_id: r.runId }, expect: [422] },
    ],
  },
  getReplay: { role: "viewer" },
  listProviders: { role: "viewer", probes: () => [list("all")] },
  upsertProvider: {
    role: "admin",
    body: () => ({ kind: "openai-compatible", base_url: "https://llm.other.example/v1", default_model: "other-model", api_key: "sk-other-workspace" }),
    crossStatus: 201,
  },
  deleteProvider: { role: "admin", params: (r) => ({ slug: r.spareProviderSlug }) },
  listAudit: {
    role: "viewer",
    probes: (r, cursors) => [
      list("all"),
      list("target_id filter", `?target_id=${r.leadId}`),
      list("actor_id filter", `?actor_id=${r.tokenId}`),
      { label: "foreign cursor", query: `?cursor=${cursors.audit}`, expect: [400] },
    ],
  },
  listSuppressions: { role: "viewer", probes: (r) => [list("all"), list("email filter", `?email=${encodeURIComponent(r.suppressedEmail)}`)] },
  createSuppression: { role: "admin", body: () => ({ email: `fresh-${Date.now()}@isolation.example`, reason: "Asked to stop" }), probes: () => [] },
  importSuppressions: { role: "admin", body: () => ({ csv: "email,reason\nimported@isolation.example,Asked to stop\n" }), probes: () => [] },
  deleteSuppression: { role: "admin" },
  listSenders: { role: "admin", probes: () => [list("all")] },
  createSender: {
    role: "admin",
    body: () => ({ from_email: "new@senders.other.example", relay: { host: "smtp.other.example", port: 587 } }),
    probes: () => [],
  },
  getSender: { role: "admin" },
  updateSender: { role: "admin", body: () => ({ enabled: false, from_email: "attacker@attacker.example" }) },
  deleteSender: { role: "admin" },
  resumeSender: { role: "admin", body: () => ({ reason: "Checked the list" }) },
  checkSenderDns: { role: "admin" },
  listWebhookEndpoints: { role: "admin", probes: () => [list("all")] },
  createWebhookEndpoint: { role: "admin", body: () => ({ url: "https://hooks.other.example/new" }), probes: () => [] },
  getWebhookEndpoint: { role: "admin" },
  updateWebhookEndpoint: { role: "admin", body: () => ({ enabled: false, url: "https://attacker.example/steal" }) },
  deleteWebhookEndpoint: { role: "admin" },
  revealWebhookSecret: { role: "admin" },
  rotateWebhookSecret: { role: "admin" },
  listWebhookDeliveries: { role: "admin", ownProbes: () => [{ label: "its own endpoint's deliveries", expect: [200] }] },
  testWebhookEndpoint: { role: "admin" },
  listDeadLetters: { role: "admin", probes: (r) => [list("all"), list("endpoint_id filter", `?endpoint_id=${r.endpointId}`)] },
  replayDeadLetters: {
    role: "admin",
    body: (r) => ({ ids: [r.deliveryId] }),
    probes: (r) => [
      {
        label: "the target's delivery ids",
        body: { ids: [r.deliveryId] },
        expect: [200, 404, 422],
        check: (b) => (b.replayed === undefined || b.replayed === 0 ? null : `replayed ${String(b.replayed)}`),
      },
      { label: "the target's endpoint", body: { endpoint_id: r.endpointId, since: "2020-01-01T00:00:00Z" }, expect: [404, 422] },
    ],
  },
};
