import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { approveDraft } from "@/lib/drafts/review-draft";
import { newId } from "@/lib/ids";
import { closeQueues, queue } from "@/lib/queues";
import { relayReadiness } from "@/lib/relay/relay-readiness";
import { putRelay } from "@/lib/relay/relay-settings";
import { createSender, getSender } from "@/lib/senders/senders";
import { sendDraft } from "@/lib/sending/send-draft";
import { updateSender } from "@/lib/wiring/sender-changes";
import { RELAY_READINESS } from "@/lib/states/relay";
import { SEND_STATUS } from "@/lib/statuses";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";
import { startSmtpSink } from "../helpers/smtp-sink";

// A sender's relay that cannot be reached (issue 33: "a failing sender's relay error is recorded on
// the default relay"): two senders, one whose relay is a closed loopback port, one whose relay is a
// real SMTP sink (as is the default relay). The failure is kept on the failing sender — shown on it
// and named by the review pages' readiness — and the default relay stays ready with no failure;
// the other sender's sends go out meanwhile. A send through it that goes out clears it, and so does
// saving its relay settings.

const actor = { type: "system" as const, id: "tests", name: "tests" };
const SLUG = "sender-relay-failure";
const to = (name: string) => `${name}@${SLUG}.example`;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let closedPort = 0;
let reviewerId = "";

/** A loopback port nothing listens on: one the system gave out, then closed. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("send").obliterate({ force: true });
  smtp = await startSmtpSink();
  closedPort = await freePort();
  reviewerId = (await db().user.create({ data: { id: newId("usr"), email: `rev@${SLUG}.example`, name: "Rev", passwordHash: "x" } })).id;
}, 60_000);

afterAll(async () => {
  await smtp?.close();
  await closeQueues();
});

describe("a failing sender's relay", () => {
  it("is recorded on that sender, named on the review pages' readiness, and never on the default relay", async () => {
    const workspaceId = (await ensureWorkspace({ slug: SLUG, name: SLUG })).id;
    const sink = { host: "127.0.0.1", port: smtp.port, secure: false };
    await putRelay(workspaceId, { ...sink, from_email: `sam@${SLUG}.example`, from_name: "Sam" }, actor);
    const base = { mailbox: null, daily_cap: null, ramp: null, enabled: true } as const;
    const broken = await createSender(
      workspaceId,
      { ...base, from_email: `bea@${SLUG}.example`, relay: { host: "127.0.0.1", port: closedPort, secure: false } },
      actor,
    );
    const working = await createSender(workspaceId, { ...base, from_email: `will@${SLUG}.example`, relay: sink }, actor);
    expect(broken.last_failure).toBeNull();

    const { draftIds } = await draftsAwaitingReview(workspaceId, [to("first"), to("second"), to("third")]);
    const [viaBroken, viaWorking, viaDefault] = draftIds;
    const senderOf = new Map([
      [viaBroken, broken.id],
      [viaWorking, working.id],
      [viaDefault, null],
    ]);
    for (const [draftId, senderId] of senderOf) await db().runLead.updateMany({ where: { drafts: { some: { id: draftId } } }, data: { senderId } });
    for (const draftId of draftIds) await approveDraft(workspaceId, draftId, {}, { userId: reviewerId, actor });

    // The broken sender's relay refuses the connection: retried (thrown for BullMQ), kept on the sender.
    await expect(sendDraft(viaBroken)).rejects.toThrow(/ECONNREFUSED/);
    expect((await db().send.findUniqueOrThrow({ where: { draftId: viaBroken } })).status).toBe(SEND_STATUS.pending);
    const failed = await getSender(workspaceId, broken.id);
    expect(failed.last_failure?.message).toMatch(new RegExp(`^127\\.0\\.0\\.1:${closedPort}: .*ECONNREFUSED`));
    expect(Date.parse(failed.last_failure!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await getSender(workspaceId, working.id)).last_failure).toBeNull();
    expect(await db().relaySettings.findUniqueOrThrow({ where: { workspaceId } })).toMatchObject({ lastFailure: null, lastFailureAt: null });

    // The other sender and the default sender send meanwhile, and clear nothing of the broken one.
    expect(await sendDraft(viaWorking)).toBe("sent");
    expect(await sendDraft(viaDefault)).toBe("sent");
    expect(smtp.mails.map((mail) => mail.to[0]).sort()).toEqual([to("second"), to("third")]);
    expect((await getSender(workspaceId, broken.id)).last_failure).not.toBeNull();

    // The review pages' readiness: the default relay is ready; the failing sender is named with its error.
    const readiness = await relayReadiness(workspaceId);
    expect(readiness).toMatchObject({ state: RELAY_READINESS.ready, message: null });
    expect(readiness.failing_senders).toEqual([
      {
        id: broken.id,
        from_email: broken.from_email,
        from_name: null,
        message: expect.stringMatching(
          new RegExp(`^The last send from ${broken.from_email} failed: 127\\.0\\.0\\.1:${closedPort}: .*ECONNREFUSED.*Settings → Senders`),
        ),
        at: failed.last_failure!.at,
      },
    ]);

    // The relay comes back (its port now the sink's, written as a restarted server would be, not saved
    // through the API): the retried send goes out through it and clears its failure.
    await db().sender.update({ where: { id: broken.id }, data: { relayPort: smtp.port } });
    expect(await sendDraft(viaBroken)).toBe("sent");
    expect(smtp.mails.map((mail) => mail.to[0])).toContain(to("first"));
    expect((await getSender(workspaceId, broken.id)).last_failure).toBeNull();
    expect((await relayReadiness(workspaceId)).failing_senders).toEqual([]);

    // Saving the sender's relay settings clears a failure too: the old error says nothing of the new settings.
    await db().sender.update({ where: { id: broken.id }, data: { lastFailure: "127.0.0.1:1: refused", lastFailureAt: new Date() } });
    expect((await relayReadiness(workspaceId)).failing_senders.map((sender) => sender.id)).toEqual([broken.id]);
    const saved = await updateSender(workspaceId, broken.id, { relay: sink }, actor);
    expect(saved.last_failure).toBeNull();
    expect((await relayReadiness(workspaceId)).failing_senders).toEqual([]);
  }, 60_000);

  it("a failing default relay is recorded on the default relay, and a send through it that goes out clears it", async () => {
    const workspaceId = (await ensureWorkspace({ slug: `${SLUG}-default`, name: SLUG })).id;
    await putRelay(workspaceId, { host: "127.0.0.1", port: closedPort, secure: false, from_email: `sam@${SLUG}.example` }, actor);
    const other = await createSender(
      workspaceId,
      {
        from_email: `will@${SLUG}.example`,
        relay: { host: "127.0.0.1", port: smtp.port, secure: false },
        mailbox: null,
        daily_cap: null,
        ramp: null,
        enabled: true,
      },
      actor,
    );
    const { draftIds } = await draftsAwaitingReview(workspaceId, [to("fourth")]);
    await approveDraft(workspaceId, draftIds[0], {}, { userId: reviewerId, actor });
    await expect(sendDraft(draftIds[0])).rejects.toThrow(/ECONNREFUSED/);
    const readiness = await relayReadiness(workspaceId);
    expect(readiness).toMatchObject({ state: RELAY_READINESS.failing, failing_senders: [] });
    expect(readiness.message).toMatch(/^The last send through the default relay failed: 127\.0\.0\.1:\d+: .*ECONNREFUSED/);
    expect((await getSender(workspaceId, other.id)).last_failure).toBeNull();

    await putRelay(workspaceId, { host: "127.0.0.1", port: smtp.port, secure: false, from_email: `sam@${SLUG}.example` }, actor);
    expect((await relayReadiness(workspaceId)).state).toBe(RELAY_READINESS.ready);
    expect(await sendDraft(draftIds[0])).toBe("sent");
  }, 60_000);
});
