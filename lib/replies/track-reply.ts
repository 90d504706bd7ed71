import { db } from "@/lib/db";
import { recordEvents } from "@/lib/events/outbox";
import { newId } from "@/lib/ids";
import { resolveRunPrompts } from "@/lib/pipeline/resolve-prompts";
import { classifyReplyWithPrompt } from "@/lib/replies/classify-reply-with-prompt";
import { suppress } from "@/lib/suppressions/suppressions";

// The track stage for one reply: classify it with the run's track prompt (on the local rules or a
// hosted model), record the result and its trace, suppress the address on unsubscribe or bounce,
// and announce reply.received. Runs once per reply. A provider that cannot answer now throws
// ProviderUnavailable (workers/processors/track.ts delays the job).

export async function trackReply(replyId: string): Promise<string> {
  const reply = await db().reply.findUnique({ where: { id: replyId }, include: { draft: { include: { run: true, lead: true } } } });
  if (!reply || reply.classifiedAt || !reply.draft) return "skipped";
  const { run, lead } = reply.draft;
  if (run.stopAfter && run.stopAfter !== "track") return "skipped"; // the run stopped before track
  const prompt = (await resolveRunPrompts(run.id)).get("track");
  if (!prompt) throw new Error("No track prompt");
  const { result, trace } = await classifyReplyWithPrompt(reply.workspaceId, prompt, { from: reply.fromEmail, subject: reply.subject, text: reply.text });
  const suppresses = result.classification === "unsubscribe" || result.classification === "bounce";
  await db().$transaction(async (tx) => {
    const { count } = await tx.reply.updateMany({ where: { id: replyId, classifiedAt: null }, data: { classification: result.classification, confidence: result.confidence, classifiedAt: new Date() } });
    if (count === 0) return;
    await tx.lead.update({ where: { id: lead.id }, data: { status: suppresses ? "suppressed" : "replied" } });
    if (suppresses) {
      await suppress({ workspaceId: reply.workspaceId, email: lead.emailLower, reason: result.classification, source: "reply" }, tx);
    }
    await tx.stageTrace.create({
      data: { id: newId("trc"), workspaceId: reply.workspaceId, runId: run.id, leadId: lead.id, stage: "track", promptVersionId: prompt.id, ...trace, output: result },
    });
    await recordEvents(tx, reply.workspaceId, [{
      type: "reply.received",
      data: { lead_id: lead.id, draft_id: reply.draft!.id, run_id: run.id, reply_id: reply.id, classification: result.classification, confidence: result.confidence, received_at: reply.receivedAt.toISOString() },
    }]);
  });
  return result.classification;
}
