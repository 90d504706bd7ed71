import { db } from "@/lib/db";
import { writeEvents, type OutboxEvent } from "@/lib/events/outbox";
import { newId } from "@/lib/ids";
import { moveLeads } from "@/lib/lifecycle/lead";
import { settleRun } from "@/lib/lifecycle/run";
import { resolveRunPrompts, type ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import { classifyReplyWithPrompt, type Classification, type ClassificationTrace } from "@/lib/replies/classify-reply-with-prompt";
import { isHardBounceText, pauseOnHardBounces } from "@/lib/senders/health";
import { applyReplyStopRules } from "@/lib/sequences/stop-rules";
import { suppress } from "@/lib/suppressions/suppressions";
import { LEAD_STATUS } from "@/lib/statuses";
import { queueAnswers } from "@/lib/replies/answer-reply";
import { publicStep } from "@/lib/lifecycle/draft-kind";

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
    include: { draft: { include: { run: true, lead: true, send: { select: { senderId: true } }, runLead: { select: { senderId: true } } } } },
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
      const { result, trace } = await classifyReplyWithPrompt(reply.workspaceId, prompt, {
        from: reply.fromEmail,
        subject: reply.subject,
        text: reply.text,
        receivedAt: reply.receivedAt,
        autoSubmitted: reply.autoSubmitted,
      });
      done.push({ replyId: reply.id, prompt, result, trace });
    } catch (error) {
      pending = error; // write what is done, then let the job wait
      break;
    }
  }
  const byId = new Map(replies.map((reply) => [reply.id, reply]));
  const written: string[] = [];
  const answered: { replyId: string; classification: string }[] = [];
  if (done.length) {
    await db().$transaction(
      async (tx) => {
        // Set-based, so a batch of 100 costs a handful of statements: only replies still unclassified
        // and uncorrected are written (a job run twice, or a reviewer's correction, wins).
        const updated = await tx.$queryRaw<{ id: string }[]>`
        UPDATE replies r SET classification = v.c, confidence = v.conf, "classifiedAt" = now()
          FROM unnest(${done.map((item) => item.replyId)}::text[], ${done.map((item) => item.result.classification)}::text[], ${done.map((item) => item.result.confidence)}::float8[]) AS v(id, c, conf)
         WHERE r.id = v.id AND r."classifiedAt" IS NULL AND r."correctedAt" IS NULL
        RETURNING r.id`;
        const kept = new Set(updated.map((row) => row.id));
        const items = done.filter((item) => kept.has(item.replyId));
        const suppresses = (item: Done) => item.result.classification === "unsubscribe" || item.result.classification === "bounce";
        // An auto_reply is no one's answer: its lead stays as it was (not "replied").
        const leadIds = (wanted: boolean) =>
          items
            .filter((item) => suppresses(item) === wanted && item.result.classification !== "auto_reply")
            .map((item) => byId.get(item.replyId)!.draft!.leadId);
        // The leads' sequences first, so that each ends for its reply's own reason (not the suppression's).
        await applyReplyStopRules(
          tx,
          items.map(({ replyId, result }) => ({
            runLeadId: byId.get(replyId)!.draft!.runLeadId,
            classification: result.classification,
            returnDate: result.return_date,
          })),
        );
        await moveLeads(leadIds(false), LEAD_STATUS.replied, { tx }); // a bounced lead stays bounced (lib/lifecycle/lead.ts)
        await moveLeads(leadIds(true), LEAD_STATUS.suppressed, { tx });
        for (const item of items.filter(suppresses)) {
          const reply = byId.get(item.replyId)!;
          await suppress(
            { workspaceId: reply.workspaceId, email: reply.draft!.lead.emailLower, reason: `Reply classified ${item.result.classification}`, source: "reply" },
            tx,
          );
        }
        // A hard bounce handed in as a reply (a 5.x.x notice) counts against its sender, which it may pause.
        const hard = new Map<string, string[]>();
        for (const item of items.filter((item) => item.result.classification === "bounce")) {
          const reply = byId.get(item.replyId)!;
          if (isHardBounceText(reply.text)) hard.set(reply.workspaceId, [...(hard.get(reply.workspaceId) ?? []), reply.draftId!]);
        }
        for (const [workspaceId, draftIds] of hard) await pauseOnHardBounces(tx, workspaceId, draftIds);
        await tx.stageTrace.createMany({
          data: items.map(({ replyId, prompt, result, trace }) => {
            const reply = byId.get(replyId)!;
            return {
              id: newId("trc"),
              workspaceId: reply.workspaceId,
              runId: reply.draft!.runId,
              leadId: reply.draft!.leadId,
              stage: "track",
              promptVersionId: prompt.id,
              ...trace,
              output: result,
            };
          }),
        });
        const events = new Map<string, OutboxEvent[]>();
        for (const { replyId, result } of items) {
          const reply = byId.get(replyId)!;
          const list = events.get(reply.workspaceId) ?? [];
          list.push({
            type: "reply.received",
            data: {
              lead_id: reply.draft!.leadId,
              draft_id: reply.draft!.id,
              run_id: reply.draft!.runId,
              reply_id: reply.id,
              classification: result.classification,
              confidence: result.confidence,
              received_at: reply.receivedAt.toISOString(),
              step: publicStep(reply.draft!.step),
              sender_id: reply.draft!.send?.senderId ?? reply.draft!.runLead.senderId,
            },
          });
          events.set(reply.workspaceId, list);
          written.push(result.classification);
          answered.push({ replyId, classification: result.classification });
        }
        for (const [workspaceId, list] of events) await writeEvents(tx, workspaceId, list);
      },
      { timeout: 60_000 },
    );
  }
  // A reply that ended a sequence may have ended its run's last work (the sweep would see it within a minute).
  for (const runId of new Set(done.map((item) => byId.get(item.replyId)!.draft!.runId))) await settleRun(runId);
  // Answer drafts for the replies that ask for one (contract §13), once the classes are committed.
  await queueAnswers(answered);
  if (pending) throw pending;
  return written;
}
