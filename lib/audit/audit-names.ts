import { db } from "@/lib/db";
import { listAudit, type AuditQuery } from "@/lib/audit/list-audit";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

// The audit page speaks in names (contract §12, "A team's day"): each entry's target, actor and
// the ids in its data (draft_id, lead_id, run_id, campaign_id, reply_id) are looked up, a handful
// of queries per page, and answered as {label, href} beside the entry. An id whose object is gone
// keeps its id as the label and no link. GET /v1/audit is unchanged (programs have the ids).

export type NameRef = { label: string; href: string | null };
type Wanted = Record<
  | "run"
  | "draft"
  | "lead"
  | "campaign"
  | "reply"
  | "pack"
  | "prompt_version"
  | "user"
  | "eval_set"
  | "send"
  | "provider"
  | "webhook_endpoint"
  | "api_token"
  | "sender",
  Set<string>
>;

const DATA_KEYS: Record<string, keyof Wanted> = {
  run_id: "run",
  draft_id: "draft",
  lead_id: "lead",
  campaign_id: "campaign",
  reply_id: "reply",
  user_id: "user",
  eval_set_id: "eval_set",
  sender_id: "sender",
  from_sender_id: "sender",
  to_sender_id: "sender",
};
const PAGES: Partial<Record<string, string>> = {
  suppression: "/settings/suppressions",
  relay: "/settings/relay",
  mailbox: "/settings/mailbox",
  offer: "/settings/offer",
  sender: "/settings/senders", // a deleted sender keeps its id as the label
  webhook_deliveries: "/settings/webhooks/dead-letters",
};

const personName = (lead: { firstName: string | null; lastName: string | null; email: string }) =>
  [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.email;
const versionPage = (name: string, version: string) => `/prompts/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`;

async function resolve(workspaceId: string, wanted: Wanted): Promise<Map<string, NameRef>> {
  const ids = (key: keyof Wanted) => [...wanted[key]];
  const some = (key: keyof Wanted) => wanted[key].size > 0;
  const visible = { OR: [{ id: workspaceId }, { slug: SYSTEM_WORKSPACE_SLUG }] }; // the workspace's own, or built in
  const [runs, drafts, leads, campaigns, replies, packs, versions, users, evalSets, sends, providers, endpoints, tokens, senders] = await Promise.all([
    some("run") ? db().run.findMany({ where: { workspaceId, id: { in: ids("run") } }, select: { id: true, name: true } }) : [],
    some("draft")
      ? db().draft.findMany({
          where: { workspaceId, id: { in: ids("draft") } },
          select: { id: true, subject: true, lead: { select: { firstName: true, lastName: true, email: true } } },
        })
      : [],
    some("lead")
      ? db().lead.findMany({
          where: { workspaceId, id: { in: ids("lead") } },
          select: { id: true, firstName: true, lastName: true, email: true, drafts: { select: { id: true }, orderBy: { id: "desc" }, take: 1 } },
        })
      : [],
    some("campaign") ? db().campaign.findMany({ where: { workspaceId, id: { in: ids("campaign") } }, select: { id: true, name: true } }) : [],
    some("reply")
      ? db().reply.findMany({ where: { workspaceId, id: { in: ids("reply") } }, select: { id: true, fromEmail: true, draft: { select: { runId: true } } } })
      : [],
    some("pack") ? db().pack.findMany({ where: { id: { in: ids("pack") }, workspace: visible }, select: { id: true, name: true, slug: true } }) : [],
    some("prompt_version")
      ? db().promptVersion.findMany({
          where: { id: { in: ids("prompt_version") }, prompt: { workspace: visible } },
          select: { id: true, version: true, prompt: { select: { name: true } } },
        })
      : [],
    some("user")
      ? db().user.findMany({ where: { id: { in: ids("user") }, memberships: { some: { workspaceId } } }, select: { id: true, name: true, email: true } })
      : [],
    some("eval_set") ? db().evalSet.findMany({ where: { id: { in: ids("eval_set") }, workspace: visible }, select: { id: true, name: true } }) : [],
    some("send")
      ? db().send.findMany({
          where: { workspaceId, id: { in: ids("send") } },
          select: { id: true, draftId: true, draft: { select: { lead: { select: { firstName: true, lastName: true, email: true } } } } },
        })
      : [],
    some("provider") ? db().provider.findMany({ where: { workspaceId, id: { in: ids("provider") } }, select: { id: true, slug: true } }) : [],
    some("webhook_endpoint")
      ? db().webhookEndpoint.findMany({ where: { workspaceId, id: { in: ids("webhook_endpoint") } }, select: { id: true, url: true } })
      : [],
    some("api_token") ? db().apiToken.findMany({ where: { workspaceId, id: { in: ids("api_token") } }, select: { id: true, name: true } }) : [],
    some("sender") ? db().sender.findMany({ where: { workspaceId, id: { in: ids("sender") } }, select: { id: true, fromName: true, fromEmail: true } }) : [],
  ]);
  const names = new Map<string, NameRef>();
  for (const run of runs) names.set(run.id, { label: run.name, href: `/runs/${run.id}` });
  for (const draft of drafts) names.set(draft.id, { label: `Email to ${personName(draft.lead)}`, href: `/review/drafts/${draft.id}` });
  for (const lead of leads) names.set(lead.id, { label: personName(lead), href: lead.drafts[0] ? `/review/drafts/${lead.drafts[0].id}` : null });
  for (const campaign of campaigns) names.set(campaign.id, { label: campaign.name, href: `/campaigns/${campaign.id}` });
  for (const reply of replies)
    names.set(reply.id, { label: `Reply from ${reply.fromEmail}`, href: reply.draft ? `/runs/${reply.draft.runId}/replies` : "/inbox" });
  for (const pack of packs) names.set(pack.id, { label: pack.name, href: `/packs/${pack.slug}` });
  for (const version of versions)
    names.set(version.id, { label: `${version.prompt.name} ${version.version}`, href: versionPage(version.prompt.name, version.version) });
  for (const user of users) names.set(user.id, { label: `${user.name} (${user.email})`, href: "/settings/members" });
  for (const set of evalSets) names.set(set.id, { label: set.name, href: `/prompts/evals/${set.id}` });
  for (const send of sends) names.set(send.id, { label: `Send to ${personName(send.draft.lead)}`, href: `/review/drafts/${send.draftId}` });
  for (const provider of providers) names.set(provider.id, { label: provider.slug, href: "/settings/providers" });
  for (const endpoint of endpoints) names.set(endpoint.id, { label: endpoint.url, href: "/settings/webhooks" });
  for (const token of tokens) names.set(token.id, { label: token.name, href: "/settings/tokens" });
  for (const sender of senders)
    names.set(sender.id, { label: sender.fromName ? `${sender.fromName} <${sender.fromEmail}>` : sender.fromEmail, href: "/settings/senders" });
  return names;
}

/** The web page's audit list: the /v1 page, each entry with `names` for its target, actor and data ids. */
export async function listAuditWithNames(workspaceId: string, query: AuditQuery) {
  const page = await listAudit(workspaceId, query);
  const wanted = Object.fromEntries(
    [
      "run",
      "draft",
      "lead",
      "campaign",
      "reply",
      "pack",
      "prompt_version",
      "user",
      "eval_set",
      "send",
      "provider",
      "webhook_endpoint",
      "api_token",
      "sender",
    ].map((key) => [key, new Set<string>()]),
  ) as Wanted;
  for (const entry of page.data) {
    if (entry.target.type in wanted) wanted[entry.target.type as keyof Wanted].add(entry.target.id);
    if (entry.actor.type === "user") wanted.user.add(entry.actor.id);
    for (const [key, kind] of Object.entries(DATA_KEYS)) if (typeof entry.data[key] === "string") wanted[kind].add(entry.data[key] as string);
  }
  const names = await resolve(workspaceId, wanted);
  return {
    ...page,
    data: page.data.map((entry) => {
      const page = PAGES[entry.target.type];
      const target = names.get(entry.target.id) ?? (page ? { label: entry.target.id, href: page } : null);
      const data = Object.fromEntries(
        Object.keys(DATA_KEYS)
          .filter((key) => typeof entry.data[key] === "string" && names.has(entry.data[key] as string))
          .map((key) => [key, names.get(entry.data[key] as string)!]),
      );
      return { ...entry, names: { target, actor: entry.actor.type === "user" ? (names.get(entry.actor.id) ?? null) : null, data } };
    }),
  };
}
export type AuditEntryWithNames = Awaited<ReturnType<typeof listAuditWithNames>>["data"][number];
