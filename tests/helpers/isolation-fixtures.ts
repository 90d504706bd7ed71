import { expect } from "vitest";
import { startWebSession } from "@/lib/auth/web-sessions";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { call, type TestWorkspace } from "./api-fixtures";
import { twoVersionExperiment } from "./experiment-body";

// One real resource of every kind in a workspace, made through the API where the API can make it
// (drafts come from the pipeline, which these tests do not run: they are written as the
// draft_email stage writes them, with a send for one of them). The isolation suites aim other
// workspaces' credentials, and this workspace's own weaker ones, at these.

export type Resources = {
  workspaceSlug: string;
  leadId: string;
  leadEmail: string;
  /** The lead was created with this Idempotency-Key and leadBody. */
  leadIdempotencyKey: string;
  leadBody: Record<string, string>;
  runId: string;
  /** Awaiting review: approve and reject would change it. */
  draftId: string;
  /** Sent, with a Message-ID a reply can name. */
  sentDraftId: string;
  messageId: string;
  /** A send in doubt (approved draft, its outcome unknown): resolve would change it. */
  inDoubtSendId: string;
  inDoubtMessageId: string;
  replyId: string;
  campaignId: string;
  /** A running experiment (exp_…) on the campaign's step 1. */
  experimentId: string;
  packSlug: string;
  promptName: string;
  promptVersion: string;
  /** Pinned as "name:version". */
  promptPin: string;
  providerSlug: string;
  /** A second provider, for DELETE (the first one is for POST, which creates in the caller's own namespace). */
  spareProviderSlug: string;
  /** A sender (sdr_…) with a relay and a mailbox. */
  senderId: string;
  senderFromEmail: string;
  endpointId: string;
  /** A dead-lettered delivery of endpointId. */
  deliveryId: string;
  eventId: string;
  tokenId: string;
  relayFromEmail: string;
  /** On the workspace's suppression list. */
  suppressedEmail: string;
  mailboxUsername: string;
  /** From the sender of a message in the workspace's unmatched mail. */
  unmatchedFrom: string;
  adminUserId: string;
  viewerUserId: string;
  /** A live web session of the workspace's admin (as a sign-in makes it). */
  webSessionId: string;
  /** The workspace's own eval set (ref evalSetRef) with one case, and an evaluation of its fork. */
  evalSetId: string;
  evalSetRef: string;
  evalCaseId: string;
  evaluationId: string;
  /** A finished replay of runId through the workspace's fork, with one result. */
  replayId: string;
};

function created(answer: { status: number; body: Record<string, unknown> }, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

export async function seedResources(ws: TestWorkspace): Promise<Resources> {
  const token = ws.tokens.admin;
  const slug = ws.workspace.slug;
  const suffix = slug.slice(-8);
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
    created(await call("POST", path, { token, body, headers }), `POST ${path}`);

  const leadEmail = `only-in-${slug}@isolation.example`;
  const leadBody = { email: leadEmail, first_name: "Bea", company: `Company of ${slug}` };
  const leadIdempotencyKey = `lead-${slug}`;
  const lead = await post("/v1/leads", leadBody, { "idempotency-key": leadIdempotencyKey });
  const run = await post("/v1/runs", { pack: "saas-outbound", leads_csv_url: `https://leads.example.com/${slug}.csv`, stop_after: "draft_email" });

  const production = (await call("GET", "/v1/prompts/qualify", { token })).body.version as string;
  const fork = await post("/v1/prompts/qualify/fork", { from: production, as: `${production}-${suffix}`, system: `Fork system text of ${slug}.` });
  const promptName = fork.name as string;
  const promptVersion = fork.version as string;
  const pack = await post("/v1/packs/saas-outbound/fork", { name: `Pack of ${slug}` });
  const packSlug = pack.slug as string;
  const promptPin = `${promptName}:${promptVersion}`;
  const campaign = await post("/v1/campaigns", { name: `Campaign of ${slug}`, pack: packSlug, pins: { qualify: promptPin } });
  const experiment = await post("/v1/experiments", twoVersionExperiment(campaign.id as string, { versions: ["v1.3.0", "v1.4.0"], minPerVariant: 10 }));

  const providerSlug = `llm-${suffix}`;
  const spareProviderSlug = `spare-${suffix}`;
  for (const provider of [providerSlug, spareProviderSlug]) {
    await post(`/v1/providers/${provider}`, {
      kind: "openai-compatible",
      base_url: "https://llm.example.com/v1",
      default_model: "model-x",
      api_key: `sk-${provider}-key`,
    });
  }
  const relayFromEmail = `sales@${suffix}.example`;
  expect(
    (
      await call("PUT", "/v1/relay", {
        token,
        body: { host: "smtp.example.com", port: 587, username: "relay-user", password: `relay-pass-${suffix}`, from_email: relayFromEmail },
      })
    ).status,
  ).toBe(200);
  const mailboxUsername = `inbox-${suffix}@mailbox.example`;
  expect(
    (await call("PUT", "/v1/mailbox", { token, body: { host: "imap.invalid", port: 993, username: mailboxUsername, password: `imap-pass-${suffix}` } })).status,
  ).toBe(200);

  const suppressedEmail = `suppressed-in-${slug}@isolation.example`;
  await post("/v1/suppressions", { email: suppressedEmail, reason: `Asked ${slug} to stop` });

  const senderFromEmail = `sender-of-${slug}@senders.example`;
  const sender = await post("/v1/senders", {
    from_email: senderFromEmail,
    from_name: `Sender of ${slug}`,
    relay: { host: "smtp.example.com", port: 587, username: "sender-user", password: `sender-pass-${suffix}` },
    mailbox: { host: "imap.invalid", port: 993, username: `sender-inbox-${suffix}@mailbox.example`, password: `sender-imap-${suffix}` },
    daily_cap: 40,
  });
  const senderId = sender.id as string;

  const endpoint = await post("/v1/webhook-endpoints", { url: `https://hooks.example.com/${slug}`, description: `Endpoint of ${slug}` });
  const endpointId = endpoint.id as string;
  const test = await post(`/v1/webhook-endpoints/${endpointId}/test`, undefined);
  const deliveryId = test.delivery_id as string;
  // As the worker leaves it after the retry window: dead-lettered.
  await db().delivery.update({
    where: { id: deliveryId },
    data: { status: "dead", attemptCount: 7, lastError: "HTTP 500", deadLetteredAt: new Date(), nextAttemptAt: null },
  });

  const runId = run.id as string;
  const leadId = lead.id as string;
  const draftId = await writeDraft(ws.workspace.id, runId, leadId, "awaiting_review");
  const second = await post("/v1/leads", { email: `second-in-${slug}@isolation.example` });
  const sentDraftId = await writeDraft(ws.workspace.id, runId, second.id as string, "sent");
  const messageId = `<${sentDraftId}@${suffix}.example>`;
  await db().send.create({
    data: { id: newId("snd"), workspaceId: ws.workspace.id, draftId: sentDraftId, messageId, status: "sent", attempts: 1, acceptedAt: new Date() },
  });
  // A send whose worker stopped after the end of its message began going out, as the next attempt leaves it.
  const third = await post("/v1/leads", { email: `third-in-${slug}@isolation.example` });
  const doubtfulDraftId = await writeDraft(ws.workspace.id, runId, third.id as string, "approved");
  const inDoubtSendId = newId("snd");
  const inDoubtMessageId = `<${inDoubtSendId}@${suffix}.example>`;
  await db().send.create({
    data: {
      id: inDoubtSendId,
      workspaceId: ws.workspace.id,
      draftId: doubtfulDraftId,
      messageId: inDoubtMessageId,
      status: "in_doubt",
      attempts: 1,
      committingAt: new Date(),
      inDoubtAt: new Date(),
      error: "No answer was recorded.",
    },
  });
  // Mail the intake loop kept because it matched nothing, as ingest writes it.
  const unmatchedFrom = `stranger-to-${slug}@unmatched.example`;
  await db().inboundMessage.create({
    data: {
      id: newId("inb"),
      workspaceId: ws.workspace.id,
      folder: "INBOX",
      uidValidity: 1n,
      uid: 1n,
      messageId: `<unmatched@${suffix}.example>`,
      fromEmail: unmatchedFrom,
      subject: `Hello ${slug}`,
      receivedAt: new Date(),
      kind: "unmatched",
      raw: new Uint8Array(Buffer.from(`From: ${unmatchedFrom}\r\nSubject: Hello ${slug}\r\n\r\nWho is this?\r\n`)),
    },
  });
  const reply = await post("/v1/replies", {
    in_reply_to: messageId,
    from: `second-in-${slug}@isolation.example`,
    subject: "Re: hello",
    text: "Tell me more.",
    received_at: new Date().toISOString(),
  });

  const webSessionId = await startWebSession(ws.users.admin.id, { userAgent: `Isolation browser of ${slug}`, address: "192.0.2.10" });
  const evalSetRef = `evals/own-${suffix}`;
  const evalSet = await post("/v1/eval-sets", { ref: evalSetRef, stage: "qualify", name: `Eval set of ${slug}` });
  const evalCase = await post(`/v1/eval-sets/${evalSet.id}/cases`, {
    name: `Case of ${slug}`,
    input: { lead: { title: "CTO", company: `Company of ${slug}` } },
    expect: { qualified: true },
  });
  // Written as the evaluate worker leaves it (these suites run no worker, and another file's worker
  // must not change it while they compare snapshots).
  const forkRow = await db().promptVersion.findFirstOrThrow({ where: { version: promptVersion, prompt: { name: promptName } }, select: { id: true } });
  const evaluationId = await writeEvaluation(ws.workspace.id, evalSet.id as string, evalCase.id as string, forkRow.id);
  const replayId = await writeReplay(ws.workspace.id, run.id as string, leadId, forkRow.id);

  const tokenRow = await db().apiToken.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, name: "admin write" } });
  return {
    workspaceSlug: slug,
    leadId,
    leadEmail,
    leadIdempotencyKey,
    leadBody,
    runId,
    draftId,
    sentDraftId,
    messageId,
    inDoubtSendId,
    inDoubtMessageId,
    replyId: reply.id as string,
    campaignId: campaign.id as string,
    experimentId: experiment.id as string,
    packSlug,
    promptName,
    promptVersion,
    promptPin,
    providerSlug,
    spareProviderSlug,
    senderId,
    senderFromEmail,
    endpointId,
    deliveryId,
    eventId: test.event_id as string,
    tokenId: tokenRow.id,
    relayFromEmail,
    suppressedEmail,
    mailboxUsername,
    unmatchedFrom,
    adminUserId: ws.users.admin.id,
    viewerUserId: ws.users.viewer.id,
    webSessionId,
    evalSetId: evalSet.id as string,
    evalSetRef,
    evalCaseId: evalCase.id as string,
    evaluationId,
    replayId,
  };
}

/** As the replay worker leaves it (no worker runs in these suites). */
async function writeReplay(workspaceId: string, runId: string, leadId: string, promptVersionId: string) {
  const id = newId("rpy");
  await db().replay.create({
    data: {
      id,
      workspaceId,
      runId,
      promptVersionId,
      stage: "qualify",
      provider: "local",
      model: "leadpipe-2",
      requested: 1,
      status: "done",
      leadCount: 1,
      changed: 1,
      valid: 1,
      startedAt: new Date(),
      finishedAt: new Date(),
    },
  });
  await db().replayResult.create({
    data: {
      id: newId("rpr"),
      replayId: id,
      position: 0,
      leadId,
      leadLabel: "Bea",
      before: { stage: "qualify", qualified: true, score: 80, reasons: [] },
      beforeText: "Qualified (score 80)",
      after: { stage: "qualify", qualified: false, score: 20, reasons: [] },
      afterText: "Not qualified (score 20)",
      valid: true,
      changed: true,
      verdictChanged: true,
      latencyMs: 1,
    },
  });
  return id;
}

async function writeEvaluation(workspaceId: string, setId: string, caseId: string, promptVersionId: string) {
  const id = newId("evl");
  await db().evaluation.create({
    data: {
      id,
      workspaceId,
      setId,
      promptVersionId,
      provider: "local",
      model: "leadpipe-2",
      status: "done",
      caseCount: 1,
      passed: 1,
      valid: 1,
      startedAt: new Date(),
      finishedAt: new Date(),
    },
  });
  await db().evaluationResult.create({
    data: {
      id: newId("evr"),
      evaluationId: id,
      caseId,
      caseName: "Case",
      passed: true,
      valid: true,
      output: { qualified: true },
      outputText: '{"qualified": true}',
      failures: [],
      latencyMs: 1,
    },
  });
  return id;
}

async function writeDraft(workspaceId: string, runId: string, leadId: string, status: "awaiting_review" | "approved" | "sent") {
  const state = { awaiting_review: "awaiting_review", approved: "running", sent: "done" }[status];
  const runLead = await db().runLead.create({
    data: { id: newId("rle"), workspaceId, runId, leadId, stage: status === "approved" ? "send" : "draft_email", state, qualified: true },
  });
  const draft = await db().draft.create({
    data: {
      id: newId("drf"),
      workspaceId,
      runId,
      leadId,
      runLeadId: runLead.id,
      subject: "Hello from the isolation suite",
      body: "Hi,\n\nA draft.\n\nSam",
      status,
      ...(status !== "awaiting_review" ? { reviewedAt: new Date() } : {}),
    },
  });
  return draft.id;
}

/** Strings that name one of the workspace's resources; none may show in another workspace's answers. */
export function identifiers(resources: Resources): string[] {
  return [
    resources.leadId,
    resources.leadEmail,
    resources.runId,
    resources.draftId,
    resources.sentDraftId,
    resources.messageId,
    resources.inDoubtSendId,
    resources.inDoubtMessageId,
    resources.replyId,
    resources.campaignId,
    resources.experimentId,
    resources.packSlug,
    resources.promptName,
    resources.providerSlug,
    resources.spareProviderSlug,
    resources.senderId,
    resources.senderFromEmail,
    resources.endpointId,
    resources.deliveryId,
    resources.eventId,
    resources.tokenId,
    resources.relayFromEmail,
    resources.suppressedEmail,
    resources.mailboxUsername,
    resources.unmatchedFrom,
    resources.adminUserId,
    resources.viewerUserId,
    resources.workspaceSlug,
    resources.webSessionId,
    resources.evalSetId,
    resources.evalSetRef,
    resources.evalCaseId,
    resources.evaluationId,
    resources.replayId,
  ];
}
