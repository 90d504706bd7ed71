import { z } from "zod";
import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { decodeCursor, ListQuery, RunIdFilter, toPage } from "@/lib/http/pagination";
import { SEND_STATUS, SEND_STATUSES } from "@/lib/statuses";

// Sends as the API and the run page show them: above all the in-doubt ones a reviewer resolves
// (GET /v1/sends?status=in_doubt, contract §12).

export const SendIdParams = z.object({
  id: z
    .string()
    .regex(/^snd_[0-9a-z]{26}$/)
    .meta({ example: "snd_01jd0000000000000000000000" }),
});

export const SendsQuery = ListQuery.extend({ status: z.enum(SEND_STATUSES).optional(), run_id: RunIdFilter.optional() });

export const SendSchema = z
  .object({
    id: z.string(),
    draft_id: z.string(),
    lead_id: z.string(),
    run_id: z.string(),
    to: z.string(),
    subject: z.string(),
    status: z.enum(SEND_STATUSES),
    message_id: z.string(),
    attempts: z.number().int(),
    note: z.string().nullable(),
    confirmed: z.boolean().nullable().meta({
      description:
        "Once sent: true when the relay's answer or the Sent folder confirmed it, false when recorded sent without that word (a reviewer's decision); null while not sent",
    }),
    accepted_at: z.string().nullable(),
    in_doubt_since: z
      .string()
      .nullable()
      .meta({ description: "When the outcome became unknown (status in_doubt: the end of the message may have reached the relay, no answer was recorded)" }),
    sent_folder_checked_at: z
      .string()
      .nullable()
      .meta({ description: "When the mailbox's Sent folder was last searched for its Message-ID without finding it" }),
    sender_id: z.string().nullable().meta({ description: "The sender it goes through (sdr_…); null: the workspace's default sender" }),
    scheduled_for: z.string().nullable().meta({ description: "When it may go: its slot in the campaign's window and its sender's daily cap (null: at once)" }),
    created_at: z.string(),
  })
  .meta({ id: "Send" });

export const SEND_INCLUDE = { draft: { select: { leadId: true, runId: true, subject: true, lead: { select: { email: true } } } } } as const;

type SendRow = {
  id: string;
  draftId: string;
  status: string;
  messageId: string;
  attempts: number;
  error: string | null;
  confirmed: boolean;
  acceptedAt: Date | null;
  inDoubtAt: Date | null;
  sentCheckedAt: Date | null;
  senderId: string | null;
  scheduledFor: Date | null;
  createdAt: Date;
  draft: { leadId: string; runId: string; subject: string; lead: { email: string } };
};

export function presentSend(send: SendRow) {
  return {
    id: send.id,
    draft_id: send.draftId,
    lead_id: send.draft.leadId,
    run_id: send.draft.runId,
    to: send.draft.lead.email,
    subject: send.draft.subject,
    status: send.status as (typeof SEND_STATUSES)[number],
    message_id: send.messageId,
    attempts: send.attempts,
    note: send.error,
    confirmed: send.status === SEND_STATUS.sent ? send.confirmed : null,
    accepted_at: send.acceptedAt?.toISOString() ?? null,
    in_doubt_since: send.inDoubtAt?.toISOString() ?? null,
    sent_folder_checked_at: send.sentCheckedAt?.toISOString() ?? null,
    sender_id: send.senderId,
    scheduled_for: send.scheduledFor?.toISOString() ?? null,
    created_at: send.createdAt.toISOString(),
  };
}

export async function listSends(workspaceId: string, query: z.infer<typeof SendsQuery>) {
  const after = decodeCursor("sends", workspaceId, query.cursor);
  const rows = await db().send.findMany({
    where: {
      workspaceId,
      ...(after ? { id: { lt: after } } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.run_id ? { draft: { runId: query.run_id } } : {}),
    },
    include: SEND_INCLUDE,
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, "sends", workspaceId, presentSend);
}

export async function getSend(workspaceId: string, id: string) {
  const send = await db().send.findFirst({ where: { id, workspaceId }, include: SEND_INCLUDE });
  if (!send) throw new NotFound("send");
  return presentSend(send);
}
