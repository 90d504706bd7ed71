import { db } from "@/lib/db";
import { recordEvents, type OutboxEvent } from "@/lib/events/outbox";
import { newId } from "@/lib/ids";
import { resolveRunPrompts, type ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import { classifyReplyWithPrompt, type Classification, type ClassificationTrace } from "@/lib/replies/classify-reply-with-prompt";
import { suppress } from "@/lib/suppressions/suppressions";

// The track stage for replies: classify each with its run's track prompt (on the local rules or a
// hosted model), record the result and its trace, suppress the address on unsubscribe or bounce,
// and announce reply.received. A batch (the mailbox hands on up to 100 at once) is written in one
// transaction; a reply already classified, or corrected by a reviewer, is left alone, so a job run
// twice changes nothing twice. A provider that cannot answer now throws ProviderUnavailable
// (workers/processors/track.ts delays the job) after what was classified so far is written.

type Done = { replyId: string; prompt: ResolvedPrompt; result: Classification; trace: ClassificationTrace };

export async function trackReply(replyId: string): Promise<string> {
  const [classification] = await trackReplies([replyId]);
  return classification ?? "skipped";
}

export async function trackReplies(replyIds: string[]): Promise<string[]> {
  const replies = await db().reply.findMany({
    where: { id: { in: replyIds }, classifiedAt: null, correctedAt: null, draftId: { not: null } },
    include: { draft: { include: { run: true, lead: true } } },
    orderBy: { id: "asc" },
  });
  const prompts = new Map<string, ResolvedPrompt | undefined>();
  const done: Done[] = [];
  let pending: unknown = null;
  for (const reply of replies) {
    const run = reply.draft!.run;
    if (run.stopAfter && run.stopAfter !== "track") continue; // the run stopped before track
    if (!prompts.has(run.id)) prompts.set(run.id, (await resolveRunPrompts(run.id)).get("track"));
    const prompt = prompts.get(run.id);
    if (!prompt) throw new Error("No track prompt");
    try {
      const { result, trace } = await classifyReplyWithPrompt(reply.workspaceId, prompt, { from: reply.fromEmail, subject: reply.subject, text: reply.text, receivedAt: reply.receivedAt });
      done.push({ replyId: reply.id, prompt, result, trace });
    } catch (error) {
      pending = error; // write what is done, then let the job wait
      break;
    }
  }
  const byId = new Map(replies.map((reply) => [reply.id, reply]));
  const written: string[] = [];
  await db().$transaction(async (tx) => {
    const events = new Map<string, OutboxEvent[]>();
    for (const { replyId, prompt, result, trace } of done) {
      const reply = byId.get(replyId)!;
      const { run, lead } = reply.draft!;
      const { count } = await tx.reply.updateMany({ where: { id: replyId, classifiedAt: null, correctedAt: null }, data: { classification: result.classification, confidence: result.confidence, classifiedAt: new Date() } });
      if (count === 0) continue;
      const suppressed = result.classification === "unsubscribe" || result.classification === "bounce";
      await tx.lead.updateMany({ where: { id: lead.id, status: { not: "bounced" } }, data: { status: suppressed ? "suppressed" : "replied" } });
      if (suppressed) await suppress({ workspaceId: reply.workspaceId, email: lead.emailLower, reason: `Reply classified ${result.classification}`, source: "reply" }, tx);
      await tx.stageTrace.create({
        data: { id: newId("trc"), workspaceId: reply.workspaceId, runId: run.id, leadId: lead.id, stage: "track", promptVersionId: prompt.id, ...trace, output: result },
      });
      const list = events.get(reply.workspaceId) ?? [];
      list.push({
        type: "reply.received",
        data: { lead_id: lead.id, draft_id: reply.draft!.id, run_id: run.id, reply_id: reply.id, classification: result.classification, confidence: result.confidence, received_at: reply.receivedAt.toISOString() },
      });
      events.set(reply.workspaceId, list);
      written.push(result.classification);
    }
    for (const [workspaceId, list] of events) await recordEvents(tx, workspaceId, list);
  }, { timeout: 60_000 });
  if (pending) throw pending;
  return written;
}
