import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { leadRow } from "@/lib/imports/columns";
import { insertLeadBatch } from "@/lib/imports/insert-batch";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

// Experiments on the `reply` step (contract §12 and §13, issue 37): a reviewer splits a campaign's
// answers to replies between the built-in `reply` v1.0.0 and a fork of it, the fork approved
// through the gate first (409 fork_not_approved before). Replies of 16 leads of a run of that
// campaign are answered through POST /v1/replies/{id}/answer: each answer draft records the
// experiment and its lead's variant, by the same stable hash of the lead as every step (a lead asked
// again gets the same variant), and both variants answer some. The results count each variant's
// sent answers and the lead's replies to them (a positive one for positive_reply_rate).

let ws: TestWorkspace;
let campaignId: string;
let forkPin: string;
const LEADS = Array.from({ length: 16 }, (_, i) => `lead${i}@answers${i}.example`);
const BUILT_IN = "reply:v1.0.0";

/** A run of the campaign whose step 1 went to each lead (sent, with its Message-ID); the run lead ids by address. */
async function sentRun(): Promise<Map<string, { draftId: string; messageId: string }>> {
  const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
  const run = await db().run.create({
    data: { id: newId("run"), name: "Answer experiment run", workspaceId: ws.workspace.id, packId: pack.id, campaignId, status: "sending" },
  });
  await insertLeadBatch(
    ws.workspace.id,
    run.id,
    LEADS.map((email) => leadRow(email, { first_name: "Ada", company: "Engines" })),
  );
  const runLeads = await db().runLead.findMany({ where: { runId: run.id }, include: { lead: true } });
  const sent = new Map<string, { draftId: string; messageId: string }>();
  for (const runLead of runLeads) {
    const draftId = newId("drf");
    const messageId = `<${newId("snd")}@answer-experiments.example>`;
    await db().draft.create({
      data: {
        id: draftId,
        workspaceId: ws.workspace.id,
        leadId: runLead.leadId,
        runId: run.id,
        runLeadId: runLead.id,
        subject: "Engines and you",
        body: "Hi Ada,\n\nA short note.\n\nSam",
        status: "sent",
      },
    });
    await db().send.create({
      data: { id: newId("snd"), workspaceId: ws.workspace.id, draftId, messageId, status: "sent", attempts: 1, acceptedAt: new Date() },
    });
    sent.set(runLead.lead.email, { draftId, messageId });
  }
  return sent;
}

async function reply(inReplyTo: string, from: string, text: string, classification: string) {
  const created = await call("POST", "/v1/replies", {
    token: ws.tokens.admin,
    body: { in_reply_to: inReplyTo, from, subject: "Re: Engines and you", text, received_at: new Date().toISOString() },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const corrected = await call("PATCH", `/v1/replies/${created.body.id}`, { token: ws.tokens.reviewer, body: { classification } });
  expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
  return created.body.id as string;
}

const experimentBody = () => ({
  campaign_id: campaignId,
  step: "reply",
  variants: [
    { version: BUILT_IN, weight: 1 },
    { version: forkPin, weight: 1 },
  ],
  metric: "positive_reply_rate",
  min_per_variant: 3,
});

beforeAll(async () => {
  ws = await testWorkspace("answer-experiments");
  const fork = await call("POST", "/v1/prompts/reply/fork", { token: ws.tokens.admin, body: { from: "v1.0.0", as: "v1.0.0-brief" } });
  expect(fork.status, JSON.stringify(fork.body)).toBe(201);
  forkPin = `${fork.body.name}:v1.0.0-brief`;
  const campaign = await call("POST", "/v1/campaigns", { token: ws.tokens.admin, body: { name: "Answers under test", pack: "saas-outbound" } });
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
  campaignId = campaign.body.id as string;
});

describe("experiments on the reply step", () => {
  let experimentId: string;

  it("refuses an unapproved fork of reply with 409 fork_not_approved, a draft_email version with 422, then starts once the fork is approved", async () => {
    const refused = await call("POST", "/v1/experiments", { token: ws.tokens.reviewer, body: experimentBody() });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "fork_not_approved", forks: [{ stage: "reply", version: "v1.0.0-brief" }] });
    const wrongPrompt = await call("POST", "/v1/experiments", {
      token: ws.tokens.reviewer,
      body: {
        ...experimentBody(),
        variants: [
          { version: BUILT_IN, weight: 1 },
          { version: "draft_email:v1.4.0", weight: 1 },
        ],
      },
    });
    expect(wrongPrompt.status).toBe(422);
    expect(wrongPrompt.body.errors).toEqual([expect.objectContaining({ path: "variants.1.version" })]);
    const badStep = await call("POST", "/v1/experiments", { token: ws.tokens.reviewer, body: { ...experimentBody(), step: "answers" } });
    expect(badStep.status).toBe(422);

    // The gate: the fork pinned on the campaign's reply stage, the campaign approved by a reviewer.
    const pinned = await call("PATCH", `/v1/campaigns/${campaignId}`, { token: ws.tokens.admin, body: { pins: { reply: forkPin } } });
    expect(pinned.status, JSON.stringify(pinned.body)).toBe(200);
    const approved = await call("POST", `/v1/campaigns/${campaignId}/approve`, { token: ws.tokens.reviewer });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const created = await call("POST", "/v1/experiments", { token: ws.tokens.reviewer, body: experimentBody() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ step: "reply", status: "running", metric: "positive_reply_rate" });
    experimentId = created.body.id as string;
    const again = await call("POST", "/v1/experiments", { token: ws.tokens.reviewer, body: experimentBody() });
    expect(again.status).toBe(409);
    const listed = await call("GET", `/v1/experiments?campaign_id=${campaignId}`, { token: ws.tokens.viewer });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: experimentId, step: "reply" })]);
  });

  it("answers each lead's reply with its variant, the same for a lead asked again, and counts the replies to the answers", async () => {
    const sent = await sentRun();
    const versions = new Map(
      (await db().promptVersion.findMany({ where: { prompt: { name: { in: ["reply", forkPin.split(":")[0]] } } }, include: { prompt: true } })).map((v) => [
        v.id,
        `${v.prompt.name}:${v.version}`,
      ]),
    );
    const variantOf = new Map<string, string>();
    const answerOf = new Map<string, string>();
    for (const email of LEADS) {
      const replyId = await reply(sent.get(email)!.messageId, email, "Sounds interesting, tell me more.", "interested");
      const answer = await call("POST", `/v1/replies/${replyId}/answer`, { token: ws.tokens.reviewer });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const stored = await db().draft.findUniqueOrThrow({ where: { id: answer.body.id as string } });
      expect(stored).toMatchObject({ kind: "reply", experimentId });
      variantOf.set(email, versions.get(stored.promptVersionId!)!);
      answerOf.set(email, stored.id);
    }
    const counts = [BUILT_IN, forkPin].map((pin) => [...variantOf.values()].filter((variant) => variant === pin).length);
    expect(counts[0] + counts[1]).toBe(LEADS.length);
    // Both variants answer (16 leads at 1:1 by sha256: the chance one gets none is 2 × 0.5^16).
    expect(Math.min(...counts)).toBeGreaterThan(0);

    // A lead asked again (a new answer to the same reply) keeps its variant.
    const first = LEADS[0];
    const replyOfFirst = (await db().reply.findFirstOrThrow({ where: { fromEmail: first, workspaceId: ws.workspace.id } })).id;
    const rewritten = await call("POST", `/v1/replies/${replyOfFirst}/answer`, { token: ws.tokens.reviewer });
    expect(rewritten.status).toBe(201);
    const rewrittenDraft = await db().draft.findUniqueOrThrow({ where: { id: rewritten.body.id as string } });
    expect(versions.get(rewrittenDraft.promptVersionId!)).toBe(variantOf.get(first));
    answerOf.set(first, rewrittenDraft.id);

    // Every answer sent (its Message-ID recorded); each lead answers back: the first two of each
    // variant positively, the third with a refusal, the rest not at all.
    const answerMessage = new Map<string, string>();
    for (const [email, draftId] of answerOf) {
      const messageId = `<${newId("snd")}@answer-experiments.example>`;
      await db().draft.update({ where: { id: draftId }, data: { status: "sent" } });
      await db().send.create({
        data: { id: newId("snd"), workspaceId: ws.workspace.id, draftId, messageId, status: "sent", attempts: 1, acceptedAt: new Date() },
      });
      answerMessage.set(email, messageId);
    }
    const expected = new Map([BUILT_IN, forkPin].map((pin) => [pin, { sent: 0, replies: 0, positive_replies: 0 }]));
    const seen = new Map<string, number>();
    for (const email of LEADS) {
      const pin = variantOf.get(email)!;
      const index = seen.get(pin) ?? 0;
      seen.set(pin, index + 1);
      const tally = expected.get(pin)!;
      tally.sent += 1;
      if (index < 2) {
        await reply(answerMessage.get(email)!, email, "Great, let's talk on Tuesday.", "meeting_request");
        tally.replies += 1;
        tally.positive_replies += 1;
      } else if (index === 2) {
        await reply(answerMessage.get(email)!, email, "On second thought, no thanks.", "not_interested");
        tally.replies += 1;
      }
    }

    const results = await call("GET", `/v1/experiments/${experimentId}`, { token: ws.tokens.viewer });
    expect(results.status).toBe(200);
    for (const pin of [BUILT_IN, forkPin]) {
      const [name, version] = pin.split(":");
      const row = (results.body.results as { version: { name: string; version: string } }[]).find(
        (result) => result.version.name === name && result.version.version === version,
      );
      const tally = expected.get(pin)!;
      expect(row, pin).toMatchObject({
        ...tally,
        drafted: pin === variantOf.get(first) ? tally.sent + 1 : tally.sent,
        rate: tally.positive_replies / tally.sent,
      });
    }
  });

  it("concluding pins the winner on the campaign's reply stage", async () => {
    const concluded = await call("POST", `/v1/experiments/${experimentId}/conclude`, {
      token: ws.tokens.reviewer,
      body: { winner: BUILT_IN, reason: "The shipped answer does as well", override_reason: "a test's few leads" },
    });
    expect(concluded.status, JSON.stringify(concluded.body)).toBe(200);
    expect(concluded.body).toMatchObject({ status: "concluded", step: "reply", winner: { name: "reply", version: "v1.0.0" } });
    const campaign = await call("GET", `/v1/campaigns/${campaignId}`, { token: ws.tokens.viewer });
    expect(campaign.body.pins).toMatchObject({ reply: { name: "reply", version: "v1.0.0" } });
  });
});
