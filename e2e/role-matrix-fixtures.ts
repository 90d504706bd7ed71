import { expect, type APIRequestContext } from "@playwright/test";
import { ulid } from "ulid";
import { addMember } from "@/lib/members/add-member";
import { putMailbox } from "@/lib/mailbox/mailbox-settings";
import { putRelay } from "@/lib/relay/relay-settings";
import { demoWorkspaceId, draftsOf, leads, serveCsv, startRun } from "./pipeline-fixtures";
import { twoVersionExperiment } from "@/tests/helpers/experiment-body";
import { bearer, cliCommand, withDb } from "./support";

// One of everything the role matrix forces: a draft awaiting review (a real run of one lead), a
// campaign pinning a fork (not approved), a workspace pack, a token, a member, a webhook endpoint
// (disabled, so nothing is delivered to it) with a dead letter, a provider and the relay. The admin
// data carries a marker, so a refused page can be searched for it.

const actor = { type: "system" as const, id: "e2e", name: "e2e role matrix" };
const newId = (prefix: string) => `${prefix}_${ulid().toLowerCase()}`;

export type MatrixFixture = {
  tag: string;
  marker: string;
  workspaceId: string;
  runId: string;
  leadId: string;
  draftId: string;
  campaignId: string;
  /** A running experiment on the campaign's step 1 (built-in versions: no approval needed). */
  experimentId: string;
  packSlug: string;
  tokenId: string;
  memberId: string;
  endpointId: string;
  endpointUrl: string;
  senderId: string;
  deadLetterId: string;
  providerSlug: string;
  replyId: string;
  mailboxUsername: string;
  unmatchedFrom: string;
  replayId: string;
  evalSetId: string;
  evalCaseId: string;
  evaluationId: string;
};

export async function matrixFixture(request: APIRequestContext): Promise<MatrixFixture> {
  const tag = ulid().toLowerCase().slice(-8);
  const marker = `leak-${tag}`;
  const workspaceId = await demoWorkspaceId();
  const admin = bearer(await cliCommand("token:create", "--workspace", "demo", "--name", `e2e matrix ${tag}`));
  const created = async (path: string, data: unknown, headers = admin) => {
    const response = await request.post(path, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
    return response.json();
  };

  const csv = await serveCsv(leads("good", tag).slice(0, 1));
  let runId: string;
  let draftId: string;
  try {
    runId = (await startRun(workspaceId, csv.url, "draft_email")).id;
    draftId = (await draftsOf(runId, 1))[0].id;
  } finally {
    await csv.close();
  }
  const leadId = await withDb(async (db) => (await db.query(`SELECT "leadId" FROM drafts WHERE id = $1`, [draftId])).rows[0].leadId as string);

  await created("/v1/prompts/qualify/fork", { from: "v1.2.0", as: `v1.2.0-m${tag}`, system: "Matrix." });
  // Four eyes: a campaign's creator may not approve it, so another admin creates this one and every
  // matrix role (the demo admin included) sees the approval controls its role allows.
  const authorEmail = `author+${tag}@example.com`;
  await cliCommand("user:create", "--workspace", "demo", "--email", authorEmail, "--password", "long-enough-pass", "--role", "admin");
  const author = bearer(await cliCommand("token:create", "--workspace", "demo", "--name", `e2e matrix author ${tag}`, "--user", authorEmail));
  const campaign = await created("/v1/campaigns", { name: `Matrix ${tag}`, pack: "saas-outbound", pins: { qualify: `qualify@demo:v1.2.0-m${tag}` } }, author);
  const experiment = await created("/v1/experiments", twoVersionExperiment(campaign.id as string, { versions: ["v1.3.0", "v1.4.0"], minPerVariant: 50 }));
  const packSlug = `matrix-${tag}`;
  await created("/v1/packs/saas-outbound/fork", { slug: packSlug });

  await cliCommand("token:create", "--workspace", "demo", "--name", marker);
  const member = await addMember(workspaceId, { email: `member+${tag}@example.com`, name: marker, password: "long-enough-pass", role: "viewer" }, actor);
  const endpointUrl = `http://127.0.0.1:9/hook-${tag}`;
  const endpoint = await created("/v1/webhook-endpoints", { url: endpointUrl, description: marker, events: ["reply.received"], enabled: false });
  const sender = await created("/v1/senders", { from_email: `matrix-${tag}@example.com`, from_name: marker, relay: { host: "smtp.example.com", port: 587 } });
  const providerSlug = `matrix-${tag}`;
  await created(`/v1/providers/${providerSlug}`, { kind: "openai-compatible", base_url: "http://127.0.0.1:9/v1", default_model: marker });
  const evalSet = await created("/v1/eval-sets", { ref: `evals/matrix-${tag}`, stage: "qualify", name: `Matrix ${tag}` });
  const evalCase = await created(`/v1/eval-sets/${evalSet.id}/cases`, {
    name: `Matrix case ${tag}`,
    input: { lead: { title: "CTO" } },
    expect: { qualified: true },
  });
  const evaluation = await request.post("/v1/evaluations", { headers: admin, data: { prompt: "qualify", version: "v1.2.0", provider: "local" } });
  expect(evaluation.status(), await evaluation.text()).toBe(202);
  await putRelay(workspaceId, { host: "127.0.0.1", port: 9, secure: false, from_email: "sam@demo.example", from_name: marker }, actor);
  const mailboxUsername = `${marker}@mailbox.example`;
  await putMailbox(workspaceId, { host: "127.0.0.1", port: 9, secure: false, username: mailboxUsername, folders: ["INBOX"] }, actor);
  const unmatchedFrom = `${marker}@unmatched.example`;

  const ids = await withDb(async (db) => {
    const tokenId = (await db.query(`SELECT id FROM api_tokens WHERE name = $1`, [marker])).rows[0].id as string;
    const eventId = newId("evt");
    const deadLetterId = newId("dly");
    await db.query(`INSERT INTO events (id, "workspaceId", type, data, "dispatchedAt") VALUES ($1, $2, 'reply.received', '{}', now())`, [eventId, workspaceId]);
    await db.query(
      `INSERT INTO deliveries (id, "workspaceId", "eventId", "endpointId", status, "attemptCount", "firstAttemptAt", "lastError", "deadLetteredAt")
       VALUES ($1, $2, $3, $4, 'dead', 7, now() - interval '25 hours', 'HTTP 500', now())`,
      [deadLetterId, workspaceId, eventId, endpoint.id],
    );
    // A reply to the run's draft (classified), and a message that matched nothing, as intake writes them.
    const replyId = newId("rpl");
    await db.query(
      `INSERT INTO replies (id, "workspaceId", "leadId", "draftId", "fromEmail", subject, text, "receivedAt", classification, confidence, "classifiedAt")
       SELECT $1, "workspaceId", "leadId", id, 'lead@example.com', 'Re: hello', 'Tell me more.', now(), 'interested', 0.9, now() FROM drafts WHERE id = $2`,
      [replyId, draftId],
    );
    await db.query(
      `INSERT INTO inbound_messages (id, "workspaceId", folder, "uidValidity", uid, "fromEmail", subject, "receivedAt", kind, raw)
       VALUES ($1, $2, 'INBOX', 1, (SELECT coalesce(max(uid), 0) + 1 FROM inbound_messages WHERE "workspaceId" = $2), $3, 'Who is this?', now(), 'unmatched', convert_to('Subject: Who is this?' || chr(13) || chr(10) || chr(13) || chr(10) || 'Hello', 'UTF8'))`,
      [newId("inb"), workspaceId, unmatchedFrom],
    );
    // A finished replay of the run, as the replay worker leaves it.
    const replayId = newId("rpy");
    await db.query(
      `INSERT INTO replays (id, "workspaceId", "runId", "promptVersionId", stage, provider, model, requested, status, "leadCount")
       SELECT $1, $2, $3, v.id, 'qualify', 'local', 'leadpipe-2', 1, 'done', 0 FROM prompt_versions v JOIN prompts p ON p.id = v."promptId" WHERE p.name = 'qualify' AND v.version = 'v1.2.0'`,
      [replayId, workspaceId, runId],
    );
    return { tokenId, deadLetterId, replyId, replayId };
  });
  return {
    tag,
    marker,
    workspaceId,
    runId,
    leadId,
    draftId,
    campaignId: campaign.id,
    experimentId: experiment.id,
    packSlug,
    tokenId: ids.tokenId,
    memberId: member.user_id,
    endpointId: endpoint.id,
    endpointUrl,
    senderId: sender.id,
    deadLetterId: ids.deadLetterId,
    providerSlug,
    replyId: ids.replyId,
    mailboxUsername,
    unmatchedFrom,
    evalSetId: evalSet.id,
    evalCaseId: evalCase.id,
    evaluationId: (await evaluation.json()).id,
    replayId: ids.replayId,
  };
}

/** Everything a forced call could change, as one comparable value. */
export async function matrixState(f: MatrixFixture) {
  return withDb(
    async (db) =>
      (
        await db.query(
          `SELECT (SELECT count(*) FROM audit_entries WHERE "workspaceId" = $1) AS audit,
            (SELECT count(*) FROM api_tokens WHERE "workspaceId" = $1 AND "revokedAt" IS NULL) AS live_tokens,
            (SELECT count(*) FROM users) AS users,
            (SELECT string_agg("userId" || ':' || role, ',' ORDER BY "userId") FROM memberships WHERE "workspaceId" = $1) AS roles,
            (SELECT string_agg(id || ':' || enabled || ':' || description || ':' || md5("secretEncrypted") || ':' || coalesce("previousSecretEncrypted", ''), ',' ORDER BY id)
               FROM webhook_endpoints WHERE "workspaceId" = $1) AS endpoints,
            (SELECT string_agg(id || ':' || status || ':' || "attemptCount", ',' ORDER BY id) FROM deliveries WHERE "endpointId" = $2) AS deliveries,
            (SELECT string_agg(slug || ':' || "defaultModel", ',' ORDER BY slug) FROM providers WHERE "workspaceId" = $1) AS providers,
            (SELECT string_agg(id || ':' || enabled || ':' || "fromEmail" || ':' || "updatedAt", ',' ORDER BY id) FROM senders WHERE "workspaceId" = $1) AS senders,
            (SELECT host || ':' || "updatedAt" FROM relay_settings WHERE "workspaceId" = $1) AS relay,
            (SELECT host || ':' || "updatedAt" FROM mailbox_settings WHERE "workspaceId" = $1) AS mailbox,
            (SELECT classification || ':' || coalesce("correctedAt"::text, '') FROM replies WHERE id = $5) AS reply,
            (SELECT count(*) FROM prompt_versions) AS versions,
            (SELECT count(*) FROM packs) AS packs,
            (SELECT string_agg(stage || ':' || "promptVersionId", ',' ORDER BY stage) FROM pack_prompts pp JOIN packs p ON p.id = pp."packId" WHERE p.slug = $3 AND p."workspaceId" = $1) AS pins,
            (SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM campaigns WHERE "workspaceId" = $1) AS campaigns,
            (SELECT status FROM drafts WHERE id = $4) AS draft,
            (SELECT count(*) FROM eval_sets WHERE "workspaceId" = $1) AS eval_sets,
            (SELECT count(*) FROM eval_cases WHERE "workspaceId" = $1) AS eval_cases,
            (SELECT count(*) FROM evaluations WHERE "workspaceId" = $1) AS evaluations,
            (SELECT count(*) FROM replays WHERE "workspaceId" = $1) AS replays`,
          [f.workspaceId, f.endpointId, f.packSlug, f.draftId, f.replyId],
        )
      ).rows[0],
  );
}
