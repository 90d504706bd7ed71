import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { approveDraft, rejectDraft } from "@/lib/drafts/review-draft";
import { caseFromDraft } from "@/lib/evals/case-from-draft";
import { createEvaluation, getEvaluation, runEvaluation } from "@/lib/evals/evaluations";
import { newId } from "@/lib/ids";
import { closeQueues, queue } from "@/lib/queues";
import { writeAnswerDraft } from "@/lib/replies/answer-reply";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";

// An edited or rejected answer to a reply becomes a case of the `reply` set in one click (the draft
// page's control, issue 37): the reply it answers (from, subject, text, class) and what we had sent
// the lead when the reply came (never the answer itself), the reviewer's lessons as for other steps;
// then an evaluation of reply v1.0.0 runs both cases.

const actor = { type: "system" as const, id: "tests", name: "tests" };
let workspaceId = "";
let userId = "";

beforeAll(async () => {
  await resetDatabase();
  await seed();
  workspaceId = (await ensureWorkspace({ slug: "answer-cases", name: "Answer cases" })).id;
  userId = (await db().user.create({ data: { id: newId("usr"), email: "rev@answer-cases.example", name: "Rev", passwordHash: "x" } })).id;
});

afterAll(async () => {
  await queue("send").obliterate({ force: true }); // the approval's send job: no worker ran it
  await closeQueues();
});

/** Each lead written to, sent, and replied to; the answers written by the answer job's writer. */
async function answered(emails: string[], text: string) {
  const { draftIds } = await draftsAwaitingReview(workspaceId, emails);
  const answers: { answerId: string; replyId: string }[] = [];
  for (const draftId of draftIds) {
    const draft = await db().draft.update({ where: { id: draftId }, data: { status: "sent", subject: "Engines and you" } });
    const messageId = `<${newId("snd")}@answer-cases.example>`;
    await db().send.create({
      data: { id: newId("snd"), workspaceId, draftId, messageId, status: "sent", attempts: 1, acceptedAt: new Date(Date.now() - 60_000) },
    });
    const lead = await db().lead.findUniqueOrThrow({ where: { id: draft.leadId } });
    const replyId = newId("rpl");
    await db().reply.create({
      data: {
        id: replyId,
        workspaceId,
        leadId: lead.id,
        draftId,
        messageId: `<${replyId}@engines.example>`,
        inReplyTo: messageId,
        fromEmail: lead.email,
        subject: "Re: Engines and you",
        text,
        receivedAt: new Date(),
        classification: "question",
        classifiedAt: new Date(),
      },
    });
    answers.push({ answerId: (await writeAnswerDraft(replyId))!.draftId, replyId });
  }
  return answers;
}

describe("an answer as an eval case", () => {
  it("an edit and a rejection become reply cases with the reply and the conversation before it, and reply v1.0.0 runs them", async () => {
    const question = "How does it handle our existing ledger? Is there an export?";
    const [edit, reject] = await answered(["ada@engines.example", "bea@engines.example"], question);
    const written = await db().draft.findUniqueOrThrow({ where: { id: edit.answerId } });
    // The reviewer keeps the first and last lines of the answer (deleting the middle adds no claim).
    const lines = written.body.split("\n");
    const shorter = [lines[0], "", ...lines.slice(-3)].join("\n");
    await approveDraft(workspaceId, edit.answerId, { body: shorter, override_reason: "kept as the reviewer cut it" }, { userId, actor });
    // Sent (so the conversation after the reply holds it): the case still holds only what came before the reply.
    await db().draft.update({ where: { id: edit.answerId }, data: { status: "sent" } });
    await db().send.create({
      data: {
        id: newId("snd"),
        workspaceId,
        draftId: edit.answerId,
        messageId: `<${newId("snd")}@answer-cases.example>`,
        status: "sent",
        attempts: 1,
        acceptedAt: new Date(),
      },
    });
    await rejectDraft(workspaceId, reject.answerId, "Promises a call we cannot make", { userId, actor });

    const editedCase = await caseFromDraft(workspaceId, edit.answerId, actor);
    const rejectedCase = await caseFromDraft(workspaceId, reject.answerId, actor);
    const set = await db().evalSet.findUniqueOrThrow({ where: { id: editedCase.set.id } });
    expect([set.ref, set.stage, rejectedCase.set.id]).toEqual(["evals/reply", "reply", set.id]);
    const thread = [{ subject: "Engines and you", body: "Hi,\n\nA short note.\n\nSam" }];
    const reply = (from: string) => ({ from, subject: "Re: Engines and you", text: question, classification: "question" });
    expect(editedCase.case).toMatchObject({ source: "review_edit", draft_id: edit.answerId, input: { reply: reply("ada@engines.example"), thread } });
    expect(editedCase.case.input).not.toHaveProperty("step");
    expect(editedCase.case.name).toMatch(/^Edited answer for Ada at Engines$/);
    expect((editedCase.case.expect as { draft: { max_words: number } }).draft.max_words).toBeGreaterThan(0);
    expect(rejectedCase.case).toMatchObject({ source: "review_reject", draft_id: reject.answerId, input: { reply: reply("bea@engines.example"), thread } });
    expect(rejectedCase.case.name).toContain(": Promises a call we cannot make");

    const evaluation = await createEvaluation(workspaceId, { prompt: "reply", version: "v1.0.0", provider: "local" }, actor);
    expect(await runEvaluation(evaluation.id)).toMatchObject({ cases: evaluation.case_count });
    const ran = await getEvaluation(workspaceId, evaluation.id);
    expect([ran.status, ran.error]).toEqual(["done", null]);
    const mine = ("results" in ran ? ran.results : []).filter((result) => [editedCase.case.id, rejectedCase.case.id].includes(result.case_id));
    expect(mine.map((result) => [result.valid, result.output_text.startsWith("Subject: Re: Engines and you")])).toEqual([
      [true, true],
      [true, true],
    ]);
  }, 120_000);
});
