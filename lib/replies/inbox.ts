import { z } from "zod";
import { draftsFrom } from "@/lib/senders/draft-from";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { decodeCursor, encodeCursor, ListQuery } from "@/lib/http/pagination";
import type { Actor } from "@/lib/audit/record-audit";
import { NotFound } from "@/lib/errors";
import { REPLY_CATEGORIES } from "@/lib/reply-categories";
import { HandledFilter, presentReply, replyFilters, SinceFilter } from "@/lib/replies/replies";
import { DRAFT_STATUS } from "@/lib/statuses";
import { normalizeEmail, suppress } from "@/lib/suppressions/suppressions";

// One inbox (contract §12, "A team's day"): the replies to every run and campaign of the
// workspace, positive ones first (interested, meeting request), then newest first; each with the
// thread (the mail we sent and the reply), the lead, the draft and the run. Reviewers correct the
// class, mark a reply handled, or stop the lead's outreach (its address is suppressed).

export const POSITIVE_CLASSES = ["interested", "meeting_request"] as const;

export const InboxQuery = ListQuery.extend({
  handled: HandledFilter.optional(),
  since: SinceFilter.optional(),
  classification: z.enum(REPLY_CATEGORIES).optional(),
  run_id: z.string().max(40).optional(),
});
export type InboxQuery = z.infer<typeof InboxQuery>;

const positive: Prisma.ReplyWhereInput = { classification: { in: [...POSITIVE_CLASSES] } };
const notPositive: Prisma.ReplyWhereInput = { OR: [{ classification: null }, { classification: { notIn: [...POSITIVE_CLASSES] } }] };

const INBOX_INCLUDE = {
  answers: { where: { status: { not: DRAFT_STATUS.canceled } }, select: { id: true }, orderBy: { id: "desc" }, take: 1 },
  lead: { select: { id: true, email: true, emailLower: true, firstName: true, lastName: true, company: true, title: true } },
  draft: {
    select: {
      id: true,
      runId: true,
      subject: true,
      body: true,
      reviewedAt: true,
      send: { select: { acceptedAt: true, status: true, senderId: true } },
      runLead: { select: { senderId: true } },
      run: { select: { id: true, name: true, campaign: { select: { id: true, name: true } } } },
    },
  },
} as const;

type Row = Prisma.ReplyGetPayload<{ include: typeof INBOX_INCLUDE }>;

/** Positive replies first, then the rest; each group newest first. The cursor names the group ("p"/"o") and the last id. */
async function inboxRows(workspaceId: string, query: InboxQuery): Promise<{ rows: Row[]; next: string | null }> {
  const after = decodeCursor("inbox", workspaceId, query.cursor);
  const [group, lastId] = after ? [after.slice(0, 1), after.slice(2)] : ["p", undefined];
  const base: Prisma.ReplyWhereInput = { workspaceId, ...replyFilters(query) };
  const fetch = (where: Prisma.ReplyWhereInput, from: string | undefined, take: number) =>
    db().reply.findMany({ where: { AND: [base, where, from ? { id: { lt: from } } : {}] }, include: INBOX_INCLUDE, orderBy: { id: "desc" }, take });
  const wanted = query.limit + 1;
  const rows: (Row & { group: string })[] = [];
  if (group === "p") rows.push(...(await fetch(positive, lastId, wanted)).map((row) => ({ ...row, group: "p" })));
  if (rows.length < wanted)
    rows.push(...(await fetch(notPositive, group === "o" ? lastId : undefined, wanted - rows.length)).map((row) => ({ ...row, group: "o" })));
  const shown = rows.slice(0, query.limit);
  const last = shown[shown.length - 1];
  return { rows: shown, next: rows.length > query.limit && last ? encodeCursor("inbox", workspaceId, `${last.group}:${last.id}`) : null };
}

function leadName(lead: { firstName: string | null; lastName: string | null }): string | null {
  return [lead.firstName, lead.lastName].filter(Boolean).join(" ") || null;
}

export async function listInbox(workspaceId: string, query: InboxQuery) {
  const { rows, next } = await inboxRows(workspaceId, query);
  const emails = [...new Set(rows.flatMap((row) => (row.lead ? [row.lead.emailLower] : [])))];
  const userIds = [...new Set(rows.flatMap((row) => [row.correctedById, row.handledById]).filter((id): id is string => id !== null))];
  const [suppressed, users] = await Promise.all([
    emails.length ? db().suppression.findMany({ where: { workspaceId, emailLower: { in: emails } }, select: { emailLower: true, reason: true } }) : [],
    userIds.length ? db().user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } }) : [],
  ]);
  // Who each mail we sent went out From (contract §13).
  const from = await draftsFrom(
    workspaceId,
    rows.map((row) => ({ senderId: row.draft ? (row.draft.send?.senderId ?? row.draft.runLead.senderId) : null })),
  );
  const stopped = new Map(suppressed.map((row) => [row.emailLower, row.reason]));
  const names = new Map(users.map((user) => [user.id, user.name || user.email]));
  return {
    data: rows.map((row, index) => ({
      ...presentReply({ ...row, draft: row.draft ? { runId: row.draft.runId } : null }),
      positive: (POSITIVE_CLASSES as readonly (string | null)[]).includes(row.classification),
      lead: row.lead ? { id: row.lead.id, email: row.lead.email, name: leadName(row.lead), company: row.lead.company, title: row.lead.title } : null,
      sent: row.draft
        ? {
            draft_id: row.draft.id,
            subject: row.draft.subject,
            body: row.draft.body,
            sent_at: row.draft.send?.acceptedAt?.toISOString() ?? null,
            from: from[index],
          }
        : null,
      run: row.draft ? { id: row.draft.run.id, name: row.draft.run.name } : null,
      campaign: row.draft?.run.campaign ?? null,
      outreach_stopped: row.lead ? stopped.has(row.lead.emailLower) : false,
      stop_reason: row.lead ? (stopped.get(row.lead.emailLower) ?? null) : null,
      corrected_by_name: row.correctedById ? (names.get(row.correctedById) ?? null) : null,
      handled_by_name: row.handledById ? (names.get(row.handledById) ?? null) : null,
    })),
    has_more: next !== null,
    next_cursor: next,
  };
}
export type InboxReply = Awaited<ReturnType<typeof listInbox>>["data"][number];

/** The count the navigation shows: replies nobody has marked handled yet. */
export async function inboxCount(workspaceId: string) {
  return { unhandled: await db().reply.count({ where: { workspaceId, handledAt: null } }) };
}

export const StopOutreachBody = z.strictObject({ reason: z.string().trim().min(1, "say why").max(300) }).meta({ id: "StopOutreach" });

/**
 * Stops the outreach to a reply's lead: its address goes on the suppression list (source manual,
 * with the reviewer's reason), which every send checks. There is no per-lead stop of a sequence
 * yet, so the suppression is the stop. Audited by the suppression (`suppression.added`).
 */
export async function stopLeadOutreach(workspaceId: string, replyId: string, reason: string, actor: Actor) {
  const reply = await db().reply.findFirst({ where: { id: replyId, workspaceId }, select: { lead: { select: { email: true } }, fromEmail: true } });
  if (!reply) throw new NotFound("reply");
  const email = normalizeEmail(reply.lead?.email ?? reply.fromEmail);
  const { created } = await suppress({ workspaceId, email, reason: `Stopped from the inbox: ${reason}`, source: "manual", actor });
  return { email, suppressed: true, already: !created };
}
