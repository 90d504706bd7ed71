import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { twoVersionExperiment } from "./experiment-body";
import type { Resources } from "./isolation-fixtures";
import type { Probe, Role } from "./isolation-cases";
import { ROOT } from "./processes";

// The web app's JSON routes (app/api/web/**/route.ts), read from the files themselves so a new
// route is in the matrix (or fails its coverage test) without a change here; and what the matrix
// needs to know about each: a valid body, and which of B's ids a route without path ids may name.

export type WebRoute = { method: string; template: string; role: Role; params: string[]; hasBody: boolean };

const WEB_DIR = path.join(ROOT, "app", "api", "web");
const EXPORT = /export const (GET|POST|PUT|PATCH|DELETE) = webRoute\(\{\s*role: "(viewer|reviewer|admin)"/g;

export function discoverWebRoutes(): { routes: WebRoute[]; exportsSeen: number } {
  const routes: WebRoute[] = [];
  let exportsSeen = 0;
  for (const file of readdirSync(WEB_DIR, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith("route.ts"))
    .sort()) {
    const text = readFileSync(path.join(WEB_DIR, file), "utf8");
    exportsSeen += (text.match(/^export const (GET|POST|PUT|PATCH|DELETE)\b/gm) ?? []).length;
    const template = `/api/web/${path.dirname(file)}`.replace(/\[(\w+)\]/g, "{$1}").replace(/\/\.$/, "");
    const params = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    for (const match of text.matchAll(EXPORT)) {
      const options = text.slice(match.index, text.indexOf("handler:", match.index));
      routes.push({ method: match[1], template, role: match[2] as Role, params, hasBody: /\bbody:/.test(options) });
    }
  }
  return { routes, exportsSeen };
}

/** Path parameter → B's resource, keyed by "<segment after /api/web>.<param>". */
export const WEB_PATH_RESOURCES: Record<string, (r: Resources) => string> = {
  "runs.id": (r) => r.runId,
  "runs.leadId": (r) => r.leadId,
  "campaigns.id": (r) => r.campaignId,
  "drafts.id": (r) => r.draftId,
  "tokens.id": (r) => r.tokenId,
  "webhook-endpoints.id": (r) => r.endpointId,
  "senders.id": (r) => r.senderId,
  "experiments.id": (r) => r.experimentId,
  "members.userId": (r) => r.viewerUserId,
  "packs.slug": (r) => r.packSlug,
  "prompts.name": (r) => r.promptName,
  "providers.slug": (r) => r.providerSlug,
  "suppressions.email": (r) => r.suppressedEmail,
  "replies.id": (r) => r.replyId,
  "sessions.id": (r) => r.webSessionId,
  "prompts.semver": (r) => r.promptVersion,
  "eval-sets.id": (r) => r.evalSetId,
  "eval-sets.caseId": (r) => r.evalCaseId,
  "evaluations.id": (r) => r.evaluationId,
  "replays.id": (r) => r.replayId,
  "sends.id": (r) => r.inDoubtSendId,
};

export type WebCase = {
  body?: (r: Resources) => unknown;
  params?: (r: Resources) => Record<string, string>;
  /** Another workspace's admin with B's path ids: 404 unless the path is a name in the caller's own namespace. */
  crossStatus?: number;
  probes?: (r: Resources) => Probe[];
  /** Requests on the caller's own resources (path ids from its own workspace) whose body names the target's. */
  ownProbes?: (r: Resources) => Probe[];
};

const list: Probe[] = [{ label: "all", expect: [200] }];

/** Keyed by "METHOD template". Every route must have an entry (the coverage test says which is missing). */
export const WEB_CASES: Record<string, WebCase> = {
  "GET /api/web/audit": { probes: (r) => [...list, { label: "target_id filter", query: `?target_id=${r.leadId}`, expect: [200] }] },
  "GET /api/web/audit/facets": { probes: () => list },
  "GET /api/web/campaigns": { probes: () => list },
  "POST /api/web/campaigns": {
    body: () => ({ name: "Web campaign", pack: "saas-outbound" }),
    probes: (r) => [{ label: "the target's pack", body: { name: "c", pack: r.packSlug }, expect: [404, 422] }],
  },
  "GET /api/web/campaigns/{id}": {},
  "GET /api/web/experiments": {
    probes: (r) => [
      ...list,
      { label: "the target's campaign_id", query: `?campaign_id=${r.campaignId}`, expect: [200] },
      { label: "the target's fork as prompt", query: `?prompt=${encodeURIComponent(r.promptName)}`, expect: [200] },
    ],
  },
  "POST /api/web/experiments": {
    body: (r) => twoVersionExperiment(r.campaignId),
    probes: (r) => [
      {
        label: "the target's campaign",
        body: twoVersionExperiment(r.campaignId),
        expect: [422],
      },
    ],
  },
  "GET /api/web/experiments/{id}": {},
  "POST /api/web/experiments/{id}/conclude": {
    body: () => ({ winner: "draft_email:v1.3.0", reason: "Concluded by another workspace", override_reason: "testing" }),
  },
  "GET /api/web/campaigns/{id}/forecast": {},
  "PATCH /api/web/campaigns/{id}": { body: () => ({ name: "Renamed by another workspace", offer: { sender_name: "Intruder" } }) },
  "POST /api/web/campaigns/{id}/approve": { body: () => ({ override_reason: "Approved by another workspace" }) },
  "POST /api/web/campaigns/{id}/reject": { body: () => ({ reason: "Rejected by another workspace" }) },
  "GET /api/web/dead-letters": { probes: (r) => [...list, { label: "endpoint_id filter", query: `?endpoint_id=${r.endpointId}`, expect: [200] }] },
  "POST /api/web/dead-letters/replay": {
    body: (r) => ({ ids: [r.deliveryId] }),
    probes: (r) => [
      {
        label: "the target's delivery ids",
        body: { ids: [r.deliveryId] },
        expect: [200],
        check: (b) => (b.replayed === 0 ? null : `replayed ${String(b.replayed)}`),
      },
      { label: "the target's endpoint", body: { endpoint_id: r.endpointId, since: "2020-01-01T00:00:00Z" }, expect: [404, 422] },
    ],
  },
  "GET /api/web/drafts/{id}": {},
  "POST /api/web/drafts/{id}/approve": { body: () => ({}) },
  "POST /api/web/drafts/{id}/check": { body: () => ({ body: "Checked by another workspace" }) },
  "POST /api/web/drafts/{id}/reject": { body: () => ({ reason: "Rejected by another workspace" }) },
  "POST /api/web/drafts/{id}/undo-approval": {},
  "POST /api/web/drafts/{id}/retry-send": {},
  "POST /api/web/drafts/{id}/eval-case": {},
  "GET /api/web/eval-sets": { probes: () => list },
  "POST /api/web/eval-sets": {
    body: () => ({ ref: `evals/web-${Date.now()}`, stage: "track", name: "Web set" }),
    probes: () => [],
  },
  "GET /api/web/eval-sets/{id}": {},
  "POST /api/web/eval-sets/{id}/cases": {
    body: () => ({ name: "Added by another workspace", input: { lead: { title: "CTO" } }, expect: { qualified: true } }),
  },
  "DELETE /api/web/eval-sets/{id}/cases/{caseId}": {},
  "POST /api/web/evaluations": {
    body: () => ({ prompt: "qualify", version: "v1.2.0", provider: "local" }),
    probes: (r) => [
      { label: "the target's fork", body: { prompt: r.promptName, version: r.promptVersion, provider: "local" }, expect: [404] },
      { label: "the target's eval set", body: { prompt: "qualify", version: "v1.2.0", set: r.evalSetId, provider: "local" }, expect: [422] },
    ],
  },
  "GET /api/web/evaluations/{id}": {},
  "GET /api/web/prompts/{name}/versions/{semver}/evaluation": {},
  "GET /api/web/prompts/{name}/versions/{semver}/outcomes": {},
  "GET /api/web/prompts/{name}/outcomes": {},
  "GET /api/web/replays": {
    probes: (r) => [
      ...list,
      { label: "prompt filter on the target's fork", query: `?prompt=${encodeURIComponent(r.promptName)}`, expect: [200] },
      { label: "the target's run", query: `?run_id=${r.runId}`, expect: [200] },
    ],
  },
  "POST /api/web/replays": {
    body: () => ({ prompt: "qualify", version: "v1.2.0", run_id: "run_00000000000000000000000000" }),
    probes: (r) => [
      { label: "the target's fork", body: { prompt: r.promptName, version: r.promptVersion, run_id: r.runId }, expect: [404] },
      { label: "the target's run", body: { prompt: "qualify", version: "v1.2.0", run_id: r.runId }, expect: [422] },
    ],
  },
  "GET /api/web/replays/{id}": {},
  "GET /api/web/members": { probes: () => list },
  "GET /api/web/sessions": { probes: () => list },
  "DELETE /api/web/sessions/{id}": {},
  // Never sent with A's session (it would end the session the matrix uses): it names no ids.
  "POST /api/web/sessions/sign-out-everywhere": { body: () => ({ confirm: true }), probes: () => [] },
  "POST /api/web/members": {
    body: (r) => ({ email: `new-member-${r.workspaceSlug}@isolation.example`, name: "New Member", password: "a-long-enough-password", role: "admin" }),
    probes: () => [],
  },
  "PATCH /api/web/members/{userId}": { body: () => ({ role: "admin" }) },
  "GET /api/web/packs": { probes: () => list },
  "GET /api/web/packs/{slug}": {},
  "PATCH /api/web/packs/{slug}": {
    body: () => ({ name: "Renamed by another workspace" }),
    ownProbes: (r) => [{ label: "its own pack pinned to the target's fork", body: { prompts: { qualify: r.promptPin } }, expect: [422] }],
  },
  "POST /api/web/packs/{slug}/fork": { body: () => ({ name: "Forked by another workspace" }) },
  "POST /api/web/packs/{slug}/approve": { body: () => ({}) },
  "POST /api/web/packs/{slug}/predict": { body: () => ({ header: ["email", "title"], rows: [["a@example.com", "CEO"]] }) },
  "GET /api/web/pin-options": { probes: () => [...list, { label: "follow_up", query: "?stage=follow_up", expect: [200] }] },
  "GET /api/web/prompts": { probes: () => list },
  "GET /api/web/prompts/{name}": {},
  "POST /api/web/prompts/{name}/fork": { body: (r) => ({ from: r.promptVersion, as: `${r.promptVersion}-web` }) },
  "POST /api/web/prompts/{name}/promote": { body: (r) => ({ version: r.promptVersion }) },
  "POST /api/web/prompts/{name}/rollback": {},
  "GET /api/web/providers": { probes: () => list },
  "PUT /api/web/providers/{slug}": {
    body: () => ({ kind: "openai-compatible", base_url: "https://llm.other.example/v1", default_model: "m", api_key: "sk-web-other" }),
    crossStatus: 200,
  },
  "DELETE /api/web/providers/{slug}": { params: (r) => ({ slug: r.spareProviderSlug }) },
  // B's spare slug: the PUT case above makes the attacker a provider named like B's first one.
  "POST /api/web/providers/{slug}/test": { params: (r) => ({ slug: r.spareProviderSlug }) },
  "GET /api/web/offer": { probes: () => [{ label: "the caller's own offer", expect: [200] }] },
  "PUT /api/web/offer": { body: () => ({ product: "Web intruder product" }), probes: () => [] },
  "GET /api/web/mailbox": { probes: () => [{ label: "the caller's own mailbox", expect: [200] }] },
  "PUT /api/web/mailbox": { body: () => ({ host: "imap.web-other.example", port: 993, username: "own@web-other.example" }), probes: () => [] },
  "POST /api/web/mailbox/check": { probes: () => [] },
  "GET /api/web/mailbox/unmatched": { probes: () => list },
  "GET /api/web/runs/{id}/replies": { ownProbes: () => [{ label: "its own run's replies", expect: [200] }] },
  "PATCH /api/web/replies/{id}": { body: () => ({ classification: "not_interested" }) },
  "POST /api/web/replies/{id}/stop": { body: () => ({ reason: "Stopped by another workspace" }) },
  "POST /api/web/replies/{id}/referral": {},
  "GET /api/web/replies/{id}": {},
  "POST /api/web/replies/{id}/answer": {},
  "GET /api/web/inbox": {
    probes: (r) => [
      ...list,
      { label: "run_id filter", query: `?run_id=${r.runId}`, expect: [200] },
      { label: "not handled", query: "?handled=false", expect: [200] },
    ],
  },
  "GET /api/web/inbox/count": { probes: () => [{ label: "the caller's own count", expect: [200] }] },
  "GET /api/web/relay": { probes: () => [{ label: "the caller's own relay", expect: [200] }] },
  "PUT /api/web/relay": { body: () => ({ host: "smtp.web-other.example", port: 25, from_email: "own@web-other.example" }), probes: () => [] },
  "POST /api/web/relay/check": { probes: () => [] },
  "POST /api/web/relay/resume": {
    body: () => ({ reason: "Checked the list" }),
    probes: () => [{ label: "resumes the caller's own relay", body: { reason: "Checked the list" }, expect: [200, 404] }],
  },
  "POST /api/web/relay/dns-check": { probes: () => [] },
  "GET /api/web/relay/readiness": { probes: () => [{ label: "the caller's own relay", expect: [200] }] },
  "GET /api/web/suppressions": { probes: (r) => [...list, { label: "email filter", query: `?email=${encodeURIComponent(r.suppressedEmail)}`, expect: [200] }] },
  "POST /api/web/suppressions": { body: () => ({ email: `web-${Date.now()}@isolation.example`, reason: "Asked to stop" }), probes: () => [] },
  "POST /api/web/suppressions/import": { body: () => ({ csv: "email\nweb-imported@isolation.example\n" }), probes: () => [] },
  "DELETE /api/web/suppressions/{email}": {},
  "GET /api/web/review": {
    probes: (r) => [
      ...list,
      { label: "run_id filter", query: `?run_id=${r.runId}`, expect: [200, 400] },
      { label: "campaign_id filter", query: `?campaign_id=${r.campaignId}`, expect: [200, 400] },
    ],
  },
  "POST /api/web/review/approve": {
    body: (r) => ({ ids: [r.draftId] }),
    probes: (r) => [
      {
        label: "the target's draft ids",
        body: { ids: [r.draftId] },
        expect: [200, 404],
        check: (b) => (JSON.stringify(b).includes('"ok":true') ? "approved another workspace's draft" : null),
      },
    ],
  },
  "GET /api/web/runs": { probes: () => list },
  "POST /api/web/runs": {
    body: (r) => ({ pack: "saas-outbound", leads_csv_url: `https://leads.example.com/${r.workspaceSlug}-web.csv` }),
    probes: (r) => [
      { label: "the target's pack", body: { pack: r.packSlug, leads_csv_url: "https://leads.example.com/a.csv" }, expect: [404, 422] },
      { label: "lead_ids naming the target's lead", body: { pack: "saas-outbound", lead_ids: [r.leadId] }, expect: [422] },
      { label: "lead_filter on the target's run", body: { pack: "saas-outbound", lead_filter: { run_id: r.runId } }, expect: [422] },
    ],
  },
  "POST /api/web/runs/{id}/cancel": {},
  "POST /api/web/runs/{id}/approve-low-risk": {},
  "GET /api/web/runs/{id}/errors": {},
  "GET /api/web/runs/{id}": {},
  "PATCH /api/web/runs/{id}": { body: () => ({ name: "Renamed by another workspace" }) },
  "GET /api/web/runs/{id}/in-doubt": {},
  "POST /api/web/sends/{id}/resolve": { body: () => ({ outcome: "resend" }) },
  "GET /api/web/runs/{id}/leads": { ownProbes: () => [{ label: "its own run's leads", expect: [200] }] },
  "GET /api/web/runs/{id}/leads/{leadId}/traces": {},
  "POST /api/web/runs/{id}/leads/{leadId}/stop": {},
  "POST /api/web/runs/{id}/stop-sequences": {},
  "GET /api/web/tokens": { probes: () => list },
  "POST /api/web/tokens": { body: () => ({ name: "web token", scope: "read", expires_in_days: 7 }), probes: () => [] },
  "POST /api/web/tokens/{id}/revoke": {},
  "GET /api/web/senders": { probes: () => list },
  "POST /api/web/senders": {
    body: () => ({ from_email: "new@senders.web-other.example", relay: { host: "smtp.web-other.example", port: 587 } }),
    probes: () => [],
  },
  "PATCH /api/web/senders/{id}": { body: () => ({ enabled: false, from_email: "attacker@attacker.example" }) },
  "DELETE /api/web/senders/{id}": {},
  "POST /api/web/senders/{id}/resume": { body: () => ({ reason: "Checked the list" }) },
  "POST /api/web/senders/{id}/dns-check": {},
  "POST /api/web/senders/{id}/check": {},
  "GET /api/web/webhook-endpoints": { probes: () => list },
  "POST /api/web/webhook-endpoints": { body: () => ({ url: "https://hooks.web-other.example/x" }), probes: () => [] },
  "PATCH /api/web/webhook-endpoints/{id}": { body: () => ({ enabled: false, url: "https://attacker.example/steal" }) },
  "DELETE /api/web/webhook-endpoints/{id}": {},
  "GET /api/web/webhook-endpoints/{id}/deliveries": {},
  "POST /api/web/webhook-endpoints/{id}/reveal": {},
  "POST /api/web/webhook-endpoints/{id}/rotate": {},
  "POST /api/web/webhook-endpoints/{id}/test": {},
};
