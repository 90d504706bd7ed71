import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { moveDraft } from "@/lib/lifecycle/draft";
import { moveSend, moveSendReturning, releaseWaitingSendRows } from "@/lib/lifecycle/send";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";

// A draft's and a send's status move only along lib/lifecycle/draft.ts's and send.ts's tables:
// a move the table refuses matches no row, so nothing about the row changes (not its other
// columns either, nor its updatedAt).

let workspaceId = "";

beforeAll(async () => {
  await resetDatabase();
  await seed();
  workspaceId = (await ensureWorkspace({ slug: "lifecycle", name: "lifecycle" })).id;
});

const draftRow = (id: string) => db().draft.findUniqueOrThrow({ where: { id } });
const sendRow = (id: string) => db().send.findUniqueOrThrow({ where: { id } });

async function sendFor(draftId: string, status: string) {
  return db().send.create({ data: { id: newId("snd"), workspaceId, draftId, messageId: `<${newId("snd")}@lifecycle.example>`, status } });
}

describe("draft moves", () => {
  it("refuse a move not in the table and change nothing", async () => {
    const {
      draftIds: [id],
    } = await draftsAwaitingReview(workspaceId, ["refused@lifecycle.example"]);
    const before = await draftRow(id);
    expect(await moveDraft({ id }, "sent", { subject: "never written" })).toBe(false); // never sent unreviewed
    expect(await moveDraft({ id }, "failed")).toBe(false);
    expect(await moveDraft({ id }, "approved", { subject: "never written" }, { from: ["failed"] })).toBe(false); // narrowed away
    expect(await draftRow(id)).toEqual(before);

    expect(await moveDraft({ id, workspaceId }, "rejected", { rejectReason: "not for us" })).toBe(true);
    const rejected = await draftRow(id);
    expect(rejected).toMatchObject({ status: "rejected", rejectReason: "not for us" });
    for (const to of ["awaiting_review", "approved", "sent", "failed"] as const) expect(await moveDraft({ id }, to, { body: "never written" })).toBe(false);
    expect(await draftRow(id)).toEqual(rejected);
  });

  it("follow approve → failed → approved (a retry) → sent, and leave sent for good", async () => {
    const {
      draftIds: [id],
    } = await draftsAwaitingReview(workspaceId, ["path@lifecycle.example"]);
    expect(await moveDraft({ id, workspaceId: "ws_someone_else" }, "approved")).toBe(false);
    for (const to of ["approved", "failed", "approved", "sent"] as const) expect(await moveDraft({ id }, to), to).toBe(true);
    const sent = await draftRow(id);
    for (const to of ["awaiting_review", "approved", "failed", "rejected"] as const) expect(await moveDraft({ id }, to)).toBe(false);
    expect(await draftRow(id)).toEqual(sent);
  });
});

describe("send moves", () => {
  it("refuse a move not in the table and change nothing", async () => {
    const {
      draftIds: [id],
    } = await draftsAwaitingReview(workspaceId, ["send-refused@lifecycle.example"]);
    const send = await sendFor(id, "in_doubt");
    const before = await sendRow(send.id);
    expect(await moveSend({ id: send.id }, "failed", { error: "never written" })).toBe(false); // a doubt is never failed
    expect(await moveSendReturning({ draftId: id }, "sending", { attempts: { increment: 1 } })).toBeNull(); // never attempted again on its own
    expect(await moveSend({ id: send.id }, "committing")).toBe(false);
    expect(await moveSend({ id: send.id }, "pending", {}, { from: ["failed"] })).toBe(false); // narrowed away
    expect(await sendRow(send.id)).toEqual(before);

    expect(await moveSend({ draftId: id }, "sent", { confirmed: false })).toBe(true);
    const sent = await sendRow(send.id);
    for (const to of ["pending", "sending", "failed", "in_doubt"] as const) expect(await moveSend({ id: send.id }, to, { error: "never written" })).toBe(false);
    expect(await sendRow(send.id)).toEqual(sent);
  });

  it("claim a pending send once per attempt, narrowed by the attempt's number", async () => {
    const {
      draftIds: [id],
    } = await draftsAwaitingReview(workspaceId, ["claim@lifecycle.example"]);
    const send = await sendFor(id, "pending");
    const claimed = await moveSendReturning({ id: send.id }, "sending", { attempts: { increment: 1 } });
    expect(claimed).toMatchObject({ id: send.id, status: "sending", attempts: 1 });
    expect(await moveSend({ id: send.id, attempts: 2 }, "committing")).toBe(false); // not this attempt's claim
    expect(await moveSend({ id: send.id, attempts: 1 }, "committing")).toBe(true);
    expect(await moveSend({ id: send.id, attempts: 1 }, "committing")).toBe(false); // committing → committing refused
  });

  it("release only the workspace's waiting sends, set-based", async () => {
    const {
      draftIds: [waiting, pending],
    } = await draftsAwaitingReview(workspaceId, ["wait-1@lifecycle.example", "wait-2@lifecycle.example"]);
    const waitingSend = await sendFor(waiting, "waiting_relay");
    const pendingSend = await sendFor(pending, "pending");
    const before = await sendRow(pendingSend.id);
    expect(await releaseWaitingSendRows("ws_someone_else", "relay.example")).toEqual([]);
    expect(await releaseWaitingSendRows(workspaceId, "relay.example")).toEqual([waiting]);
    expect(await sendRow(waitingSend.id)).toMatchObject({ status: "pending", messageId: `<${waitingSend.id}@relay.example>` });
    expect(await sendRow(pendingSend.id)).toEqual(before);
  });
});
