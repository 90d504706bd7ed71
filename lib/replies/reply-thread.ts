import { db } from "@/lib/db";
import { publicStep } from "@/lib/lifecycle/draft-kind";
import { NotFound } from "@/lib/errors";
import { runSteps } from "@/lib/sequences/run-steps";
import { DRAFT_STATUS } from "@/lib/statuses";

// The whole conversation a reply belongs to, as /inbox shows it (contract §13, "Answering
// replies"): every message we sent the lead in the reply's run (the sequence's steps and the
// answers already sent), every reply the lead sent in it, and each reply's latest answer draft
// (awaiting review, approved, rejected or sent), in time order. The answer itself is read with
// the draft routes (its checks, evidence and risk; approve, reject, undo), like any draft.

type Entry =
  | {
      type: "sent";
      at: string | null;
      draft_id: string;
      kind: "first" | "follow_up" | "reply";
      step: number | null;
      subject: string;
      body: string;
      reply_id: string | null;
    }
  | {
      type: "reply";
      at: string;
      reply_id: string;
      subject: string;
      text: string;
      classification: string | null;
      handled: boolean;
      step: number | null;
      answer: { draft_id: string; status: string } | null;
    };

export async function replyThread(workspaceId: string, replyId: string) {
  const reply = await db().reply.findFirst({
    where: { id: replyId, workspaceId },
    select: { id: true, draft: { select: { runLeadId: true, run: { select: { steps: true } } } } },
  });
  if (!reply) throw new NotFound("reply");
  if (!reply.draft) return { reply_id: reply.id, steps: 1, entries: [] as Entry[] };
  const { runLeadId } = reply.draft;
  const [sent, replies] = await Promise.all([
    db().draft.findMany({
      where: { runLeadId, status: DRAFT_STATUS.sent, send: { isNot: null } },
      select: { id: true, step: true, kind: true, subject: true, body: true, replyId: true, send: { select: { acceptedAt: true } } },
      take: 100,
    }),
    db().reply.findMany({
      where: { workspaceId, draft: { runLeadId } },
      select: {
        id: true,
        subject: true,
        text: true,
        classification: true,
        handledAt: true,
        receivedAt: true,
        draft: { select: { step: true } },
        answers: { where: { status: { not: DRAFT_STATUS.canceled } }, select: { id: true, status: true }, orderBy: { id: "desc" }, take: 1 },
      },
      orderBy: { receivedAt: "asc" },
      take: 50,
    }),
  ]);
  const entries: Entry[] = [
    ...sent.map((draft) => ({
      type: "sent" as const,
      at: draft.send?.acceptedAt?.toISOString() ?? null,
      draft_id: draft.id,
      kind: draft.kind as "first" | "follow_up" | "reply",
      step: publicStep(draft.step),
      subject: draft.subject,
      body: draft.body,
      reply_id: draft.replyId,
    })),
    ...replies.map((row) => ({
      type: "reply" as const,
      at: row.receivedAt.toISOString(),
      reply_id: row.id,
      subject: row.subject,
      text: row.text,
      classification: row.classification,
      handled: row.handledAt !== null,
      step: row.draft ? publicStep(row.draft.step) : null,
      answer: row.answers[0] ? { draft_id: row.answers[0].id, status: row.answers[0].status } : null,
    })),
  ];
  // Time order; a message with no send time recorded keeps its step's place at the start.
  const time = (entry: Entry) => (entry.at ? Date.parse(entry.at) : Number.NEGATIVE_INFINITY);
  entries.sort((a, b) => time(a) - time(b) || (a.type === "sent" && b.type === "sent" ? (a.step ?? 0) - (b.step ?? 0) : 0));
  return { reply_id: reply.id, steps: runSteps(reply.draft.run.steps).length || 1, entries };
}
export type ReplyThread = Awaited<ReturnType<typeof replyThread>>;
export type ReplyThreadEntry = ReplyThread["entries"][number];
