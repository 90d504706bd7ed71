import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";

// POST /v1/replies/{id}/answer (contract §13): a reviewer asks for a new answer draft to any reply
// (201, the draft: kind reply, its reply, no step, "Re: " + the reply's subject); 404 for a reply
// not in the workspace, 403 for a viewer. POST /replies keeps the reply's own Message-ID (or makes
// one) and GET /replies/{id} names the answer draft; GET /drafts?kind=reply lists answers.

let ws: TestWorkspace;
let replyId: string;
const ourMessageId = `<${newId("snd")}@answers-api.example>`;

beforeAll(async () => {
  ws = await testWorkspace("answers-api");
  const { draftIds } = await draftsAwaitingReview(ws.workspace.id, ["ada@engines.example"]);
  await db().draft.update({ where: { id: draftIds[0] }, data: { status: "sent", subject: "Engines and you" } });
  await db().send.create({
    data: {
      id: newId("snd"),
      workspaceId: ws.workspace.id,
      draftId: draftIds[0],
      messageId: ourMessageId,
      status: "sent",
      attempts: 1,
      acceptedAt: new Date(),
    },
  });
  const created = await call("POST", "/v1/replies", {
    token: ws.tokens.admin,
    body: {
      in_reply_to: ourMessageId,
      message_id: "reply-1@engines.example",
      from: "ada@engines.example",
      subject: "Re: Engines and you",
      text: "Thanks, noted.",
      received_at: new Date().toISOString(),
    },
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ message_id: "<reply-1@engines.example>" });
  replyId = created.body.id as string;
});

describe("POST /v1/replies/{id}/answer", () => {
  it("answers 201 with a reply-kind draft for a reviewer, named by GET /replies/{id} and listed by kind", async () => {
    const answer = await call("POST", `/v1/replies/${replyId}/answer`, { token: ws.tokens.reviewer });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("location")).toBe(`/v1/drafts/${answer.body.id}`);
    expect(answer.body).toMatchObject({ kind: "reply", reply_id: replyId, step: null, status: "awaiting_review", subject: "Re: Engines and you" });
    const reply = await call("GET", `/v1/replies/${replyId}`, { token: ws.tokens.viewer });
    expect(reply.body).toMatchObject({ answer_draft_id: answer.body.id, message_id: "<reply-1@engines.example>" });
    const listed = await call("GET", "/v1/drafts?kind=reply", { token: ws.tokens.viewer });
    expect(listed.body.data!.map((draft) => draft.id)).toContain(answer.body.id);
    const firsts = await call("GET", "/v1/drafts?kind=first", { token: ws.tokens.viewer });
    expect(firsts.body.data!.every((draft) => draft.kind === "first")).toBe(true);

    // Asked again: a new draft; the earlier one, still awaiting review, is canceled.
    const again = await call("POST", `/v1/replies/${replyId}/answer`, { token: ws.tokens.reviewer });
    expect(again.status).toBe(201);
    expect((await db().draft.findUniqueOrThrow({ where: { id: answer.body.id as string } })).status).toBe("canceled");
    expect((await call("GET", `/v1/replies/${replyId}`, { token: ws.tokens.viewer })).body.answer_draft_id).toBe(again.body.id);
    const audit = await db().auditEntry.count({ where: { workspaceId: ws.workspace.id, action: "reply.answer_requested" } });
    expect(audit).toBe(2);
  });

  it("is 404 for an unknown reply and 403 for a viewer, as problem+json", async () => {
    const missing = await call("POST", "/v1/replies/rpl_01jd0000000000000000000000/answer", { token: ws.tokens.reviewer });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/problem+json");
    const viewer = await call("POST", `/v1/replies/${replyId}/answer`, { token: ws.tokens.viewer });
    expect(viewer.status).toBe(403);
    expect(viewer.headers.get("content-type")).toContain("application/problem+json");
  });

  it("refuses a malformed kind filter with 400", async () => {
    const bad = await call("GET", "/v1/drafts?kind=answer", { token: ws.tokens.viewer });
    expect(bad.status).toBe(400);
  });
});
