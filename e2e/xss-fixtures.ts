import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type APIRequestContext } from "@playwright/test";
import { ulid } from "ulid";
import { twoVersionExperiment } from "@/tests/helpers/experiment-body";
import { demoWorkspaceId, draftsOf, serveCsv, startRun } from "./pipeline-fixtures";
import { bearer, cliCommand, withDb } from "./support";

// Hostile text in every user-controlled field that reaches a page, written the way the product
// writes it: leads through a real run (CSV import → extract_signals → qualify → draft_email on the
// local provider), review edits and a rejection, a prompt fork, a pack fork, a campaign (approved by
// a reviewer), a webhook endpoint whose receiver answers with an HTML body, a dead letter for it,
// a provider, the relay, a token and a member. Each value says which field it was, so a test can
// ask for it on the pages that show that field.

/** Anything that runs sets window.__xss (or opens a dialog); nothing here may ever run. */
export const X = {
  script: "<script>window.__xss=1</script>",
  img: `<img src=x onerror="window.__xss=1">`,
  imgBare: "<img src=x onerror=window.__xss=1>",
  svg: `"><svg onload=window.__xss=1>`,
  js: "javascript:window.__xss=1",
  template: "{{constructor.constructor('window.__xss=1')()}}",
  markdown: "[click me](javascript:window.__xss=1)",
  iframe: `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  bidi: "\u202Egnp.exe\u200B<b>zero\u200Dwidth</b>\u2066",
};

const LONG = `long-${"Ж".repeat(1200)}-${"x".repeat(2500)}${X.script}`;

/** One lead row per kind of hostile value; all three fit the saas-outbound profile and get drafts. */
export function hostileLeads(tag: string) {
  const base = { title: `VP of Engineering ${X.img}`, industry: `Software ${X.markdown}`, employees: "400", country: "GB" };
  return [
    {
      ...base,
      email: `o'neil+${tag}a@xss.example`,
      first_name: `${X.script}Ada`,
      last_name: `${X.bidi}Lovelace`,
      company: `${X.svg}Engines`,
      domain: `${X.template}.example`,
      website: "",
      linkedin_url: `${X.js}//linkedin`,
      notes: `Hiring engineers ${X.iframe}`,
    },
    {
      ...base,
      email: `grace+${tag}b@xss.example`,
      first_name: `${X.imgBare}Grace`,
      last_name: "Hopper",
      company: `${X.markdown}Cobol`,
      domain: "",
      website: `${X.js}//website`,
      linkedin_url: "",
      notes: `Raised a Series A ${LONG}`,
    },
    {
      ...base,
      email: `linus+${tag}c@xss.example`,
      first_name: `${X.template}Linus`,
      last_name: X.iframe,
      company: `${X.script}Kernel`,
      domain: "",
      website: "",
      linkedin_url: "",
      notes: "",
    },
  ];
}

export const longStart = LONG.slice(0, 60);

/** A receiver that refuses every delivery with an HTML page carrying scripts. */
export async function hostileReceiver() {
  const body = `<!doctype html><html><body>${X.script}${X.img}<h1>nope</h1></body></html>`;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(500, { "content-type": "text/html" }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    body,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Seeded = Awaited<ReturnType<typeof seedHostileWorkspace>>;

/**
 * Writes every hostile value. `web` is an admin's signed-in request context (for the web-only
 * actions: members and tokens), `api` a plain one for /v1.
 */
export async function seedHostileWorkspace(api: APIRequestContext, web: APIRequestContext, origin: string) {
  const tag = ulid().toLowerCase().slice(-8);
  const workspaceId = await demoWorkspaceId();
  const admin = bearer(await cliCommand("token:create", "--workspace", "demo", "--name", `e2e xss ${tag}`));
  const reviewer = bearer(await cliCommand("token:create", "--workspace", "demo", "--name", `e2e xss reviewer ${tag}`, "--user", "reviewer@example.com"));
  const ok = async (response: Promise<import("@playwright/test").APIResponse>, status: number) => {
    const answer = await response;
    expect(answer.status(), `${answer.url()}: ${await answer.text()}`).toBe(status);
    return answer.status() === 204 ? null : await answer.json();
  };

  // Leads through a real run; the CSV URL itself carries a payload in its query.
  const rows = hostileLeads(tag);
  const csv = await serveCsv(rows);
  const csvUrl = `${csv.url}?src=${X.svg}`;
  let run: { id: string };
  let drafts: { id: string; email: string }[];
  try {
    run = await startRun(workspaceId, csvUrl, "draft_email");
    drafts = await draftsOf(run.id, rows.length);
  } finally {
    await csv.close();
  }
  const draftFor = (letter: string) => drafts.find((d) => d.email.includes(`+${tag}${letter}@`))!.id;
  const edited = { subject: `Re: ${X.script}${X.img} subject`, body: `Hi ${X.svg}\n\n${X.markdown}\n${X.template}\n${X.bidi}\n\nSam` };
  const rejectReason = `Not now ${X.imgBare} ${X.js}`;
  const approved = draftFor("a");
  const rejected = draftFor("b");
  const waiting = draftFor("c");
  // The edited body keeps a template-shaped payload on purpose: the unresolved_variable check
  // blocks it, so the approval carries an override reason (itself hostile; audited and shown).
  await ok(api.post(`/v1/drafts/${approved}/approve`, { headers: reviewer, data: { ...edited, override_reason: `Kept on purpose ${X.imgBare}` } }), 200);
  await ok(api.post(`/v1/drafts/${rejected}/reject`, { headers: reviewer, data: { reason: rejectReason } }), 200);

  // A prompt fork with hostile texts, a pack fork with a hostile name, a campaign pinning the fork.
  const label = `v1.2.0-x${tag}`;
  // (an unknown {{variable}} in user_template is refused with 422, so the template-shaped text goes in system)
  const fork = { system: `System ${X.script} ${X.iframe} ${X.template}`, user_template: `Template ${X.img} {{first_name}}` };
  await ok(api.post("/v1/prompts/qualify/fork", { headers: admin, data: { from: "v1.2.0", as: label, ...fork } }), 201);
  const packSlug = `xss-${tag}`;
  const packName = `Pack ${X.svg}${X.bidi}`;
  await ok(api.post("/v1/packs/saas-outbound/fork", { headers: admin, data: { slug: packSlug, name: packName } }), 201);
  const campaignName = `Campaign ${X.imgBare}`;
  const campaign = await ok(
    api.post("/v1/campaigns", { headers: admin, data: { name: campaignName, pack: packSlug, pins: { qualify: `qualify@demo:${label}` } } }),
    201,
  );
  await ok(api.post(`/v1/campaigns/${campaign.id}/approve`, { headers: reviewer }), 200);
  // An experiment on its step 1 (built-in versions): its page names the hostile campaign.
  const experimentBody = twoVersionExperiment(campaign.id);
  const experiment = await ok(api.post("/v1/experiments", { headers: reviewer, data: experimentBody }), 201);

  // Eval sets: one with a hostile name and description, a hostile case in it and in the built-in
  // qualify set (the workspace's own), the rejected draft as a case (the draft page's one click),
  // and the fork and its parent evaluated on the local engine (their outputs quote the case's title).
  const evalSetName = `Set ${X.script}`;
  const evalSetDescription = `About ${X.imgBare}`;
  const evalSet = await ok(
    api.post("/v1/eval-sets", { headers: admin, data: { ref: `evals/xss-${tag}`, stage: "qualify", name: evalSetName, description: evalSetDescription } }),
    201,
  );
  const evalCaseName = `Case ${X.svg} ${tag}`;
  const evalCaseTitle = `CTO ${X.iframe}`;
  await ok(
    api.post(`/v1/eval-sets/${evalSet.id}/cases`, {
      headers: reviewer,
      data: { name: evalCaseName, input: { lead: { title: evalCaseTitle, company: `Co ${X.template}` } }, expect: { qualified: true } },
    }),
    201,
  );
  const sets = (await ok(api.get("/v1/eval-sets", { headers: admin }), 200)).data as { id: string; ref: string }[];
  const builtInQualify = sets.find((set) => set.ref === "evals/qualify")!.id;
  const builtInDraft = sets.find((set) => set.ref === "evals/draft_email")!.id;
  await ok(
    api.post(`/v1/eval-sets/${builtInQualify}/cases`, {
      headers: reviewer,
      data: { name: evalCaseName, input: { lead: { title: evalCaseTitle, industry: "SaaS", employees: 300, country: "US" } }, expect: { qualified: true } },
    }),
    201,
  );
  await ok(web.post(`/api/web/drafts/${rejected}/eval-case`, { headers: { origin } }), 201);
  for (const [prompt, version] of [
    ["qualify@demo", label],
    ["qualify", "v1.2.0"],
  ]) {
    const evaluation = await ok(api.post("/v1/evaluations", { headers: reviewer, data: { prompt, version, provider: "local" } }), 202);
    await expect
      .poll(async () => (await (await api.get(`/v1/evaluations/${evaluation.id}`, { headers: admin })).json()).status, { timeout: 30_000 })
      .toBe("done");
  }

  // A webhook endpoint (URL and description hostile) whose receiver answers HTML; its test event
  // fails for real, and one delivery is left dead-lettered as the worker leaves them after 24 h.
  const receiver = await hostileReceiver();
  const endpointUrl = `${receiver.url}?from=${X.svg}`;
  const description = `Endpoint ${X.script}`;
  const endpoint = await ok(api.post("/v1/webhook-endpoints", { headers: admin, data: { url: endpointUrl, description, events: ["lead.qualified"] } }), 201);
  await ok(api.post(`/v1/webhook-endpoints/${endpoint.id}/test`, { headers: admin }), 202);
  await expect
    .poll(
      () =>
        withDb(
          async (db) =>
            (
              await db.query(
                `SELECT count(*) FROM delivery_attempts a JOIN deliveries d ON d.id = a."deliveryId"
      WHERE d."endpointId" = $1 AND d.status = 'pending' AND d."lastError" IS NOT NULL AND a."responseBody" LIKE '%__xss%'`,
                [endpoint.id],
              )
            ).rows[0].count as string,
        ),
      { timeout: 20_000 },
    )
    .toBe("1");
  await receiver.close();
  const deadLetter = await withDb(async (db) => {
    const row = await db.query(
      `UPDATE deliveries SET status = 'dead', "deadLetteredAt" = now(), "nextAttemptAt" = NULL WHERE "endpointId" = $1 RETURNING id, "lastError"`,
      [endpoint.id],
    );
    return row.rows[0] as { id: string; lastError: string };
  });

  // A provider, the relay, a token and a member.
  const providerSlug = `xss-${tag}`;
  const model = `model-${X.imgBare}`;
  await ok(
    api.post(`/v1/providers/${providerSlug}`, {
      headers: admin,
      data: { kind: "openai-compatible", base_url: `http://127.0.0.1:9/v1?${X.js}`, default_model: model },
    }),
    201,
  );
  const relay = { host: "127.0.0.1", port: 2525, secure: false, username: `user${X.svg}`, from_email: "sam@xss.example", from_name: `Sam ${X.script}` };
  await ok(api.put("/v1/relay", { headers: admin, data: relay }), 200);
  const tokenName = `Token ${X.imgBare}`;
  await ok(web.post("/api/web/tokens", { headers: { origin }, data: { name: tokenName, scope: "read", expires_in_days: 7 } }), 201);
  const memberName = `Member ${X.script}${X.bidi}`;
  const memberEmail = `m'x+${tag}@xss.example`;
  await ok(
    web.post("/api/web/members", { headers: { origin }, data: { email: memberEmail, name: memberName, password: "long-enough-pass", role: "viewer" } }),
    201,
  );
  const suppressionReason = `Asked to stop ${X.script}${X.imgBare}`;
  await ok(api.post("/v1/suppressions", { headers: admin, data: { email: `stop+${tag}@xss.example`, reason: suppressionReason } }), 201);
  // A sign-in from a browser whose User-Agent is hostile, recorded as lib/auth/web-sessions.ts records it.
  const sessionAgent = `Agent ${X.script}${X.imgBare}`;
  await withDb((db) =>
    db.query(`INSERT INTO web_sessions (id, "userId", "userAgent", address) SELECT $1, id, $2, '203.0.113.7' FROM users WHERE email = 'admin@example.com'`, [
      `ses_${ulid().toLowerCase()}`,
      sessionAgent,
    ]),
  );

  // The mailbox (username and a folder hostile), a reply to the run with hostile subject and text,
  // and a hostile message in the unmatched mail, written as intake writes it.
  const mailbox = { host: "127.0.0.1", port: 9, secure: false, username: `inbox${X.svg}`, folders: ["INBOX", `Replies ${X.img}`] };
  await ok(api.put("/v1/mailbox", { headers: admin, data: mailbox }), 200);
  const reply = { subject: `Re: ${X.script}`, text: `Tell me more ${X.img} ${X.template}` };
  await ok(
    api.post("/v1/replies", {
      headers: admin,
      data: { draft_id: approved, from: `reply+${tag}@xss.example`, ...reply, received_at: new Date().toISOString() },
    }),
    201,
  );
  const unmatched = { from: `x${tag}@evil.example`, subject: `Hello ${X.svg}`, text: `Who is this? ${X.iframe}` };
  await withDb((db) =>
    db.query(
      `INSERT INTO inbound_messages (id, "workspaceId", folder, "uidValidity", uid, "fromEmail", subject, "receivedAt", kind, raw)
     SELECT $1, "workspaceId", 'INBOX', 7, (SELECT coalesce(max(uid), 0) + 1 FROM inbound_messages), $2, $3, now(), 'unmatched', convert_to($4, 'UTF8') FROM drafts WHERE id = $5`,
      [
        `inb_${ulid().toLowerCase()}`,
        unmatched.from,
        unmatched.subject,
        `From: ${unmatched.from}\r\nSubject: Hello\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${unmatched.text}\r\n`,
        approved,
      ],
    ),
  );

  return {
    tag,
    rows,
    csvUrl,
    run,
    drafts: { approved, rejected, waiting },
    edited,
    rejectReason,
    fork,
    forkName: "qualify@demo",
    label,
    packSlug,
    packName,
    campaign: { id: campaign.id as string, name: campaignName },
    experimentId: experiment.id as string,
    endpoint: { id: endpoint.id as string, url: endpointUrl, description, body: receiver.body },
    deadLetter,
    providerSlug,
    model,
    relay,
    tokenName,
    memberName,
    memberEmail,
    suppressionReason,
    mailbox,
    reply,
    unmatched,
    sessionAgent,
    evals: {
      setId: evalSet.id as string,
      setName: evalSetName,
      setDescription: evalSetDescription,
      caseName: evalCaseName,
      caseTitle: evalCaseTitle,
      builtInQualify,
      builtInDraft,
    },
  };
}
