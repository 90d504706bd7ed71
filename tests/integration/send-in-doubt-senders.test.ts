import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { approveDraft } from "@/lib/drafts/review-draft";
import { newId } from "@/lib/ids";
import { putMailbox } from "@/lib/mailbox/mailbox-settings";
import { closeQueues, queue } from "@/lib/queues";
import { putRelay } from "@/lib/relay/relay-settings";
import { createSender } from "@/lib/senders/senders";
import { checkSentFolder, queueSentFolderChecks } from "@/lib/mailbox/sent-folder-check";
import { sendDraft } from "@/lib/sending/send-draft";
import { SEND_STATUS } from "@/lib/statuses";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";
import { startDovecot, type Dovecot } from "../helpers/dovecot";
import { startSmtpSink } from "../helpers/smtp-sink";

// In-doubt sends of several senders (contract §12: "resolved by finding its Message-ID in the sender
// mailbox's Sent folder when one is configured, else by a reviewer"), against a real SMTP relay that
// hangs up after the end of each message (the outcome unknown) and a real IMAP server (dovecot):
// each send is looked for in the Sent folder of the mailbox of the sender it went out from, never in
// another's — the workspace's own mailbox for the default sender.

const actor = { type: "system" as const, id: "tests", name: "tests" };
const SLUG = "doubt-senders";
const to = (name: string) => `${name}@${SLUG}.example`;
const LEADS = ["found-x", "absent-x", "elsewhere-x", "found-default", "no-mailbox"] as const;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let dovecot: Dovecot;
let reviewerId = "";

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("send").obliterate({ force: true });
  await queue("reconcile").obliterate({ force: true });
  smtp = await startSmtpSink({ hangUp: Object.fromEntries(LEADS.map((name) => [to(name), "kept" as const])) });
  dovecot = await startDovecot(["own", "xbox", "ybox"]);
  reviewerId = (await db().user.create({ data: { id: newId("usr"), email: "rev@doubt-senders.example", name: "Rev", passwordHash: "x" } })).id;
}, 60_000);

afterAll(async () => {
  await queue("reconcile").obliterate({ force: true });
  await smtp?.close();
  await dovecot?.stop();
  await closeQueues();
});

const mailbox = (user: string) => ({ host: dovecot.host, port: dovecot.port, secure: false, ...dovecot.user(user), folders: ["INBOX"] });
const relay = () => ({ host: "127.0.0.1", port: smtp.port, secure: false });
const sendOf = (draftId: string) => db().send.findUniqueOrThrow({ where: { draftId } });
const sentCopy = (messageId: string, from: string) =>
  `Message-ID: ${messageId}\r\nFrom: ${from}\r\nTo: someone@${SLUG}.example\r\nSubject: Hello\r\n\r\nHi\r\n`;

describe("in-doubt sends of several senders", () => {
  it("looks for each send in its own sender's Sent folder: found there is sent; absent, or only in another mailbox, stays in doubt", async () => {
    const workspaceId = (await ensureWorkspace({ slug: SLUG, name: SLUG })).id;
    await putRelay(workspaceId, { ...relay(), from_email: `sam@${SLUG}.example`, from_name: "Sam" }, actor);
    await putMailbox(workspaceId, mailbox("own"), actor);
    const x = await createSender(
      workspaceId,
      { from_email: `xena@${SLUG}.example`, relay: relay(), mailbox: mailbox("xbox"), daily_cap: null, ramp: null, enabled: true },
      actor,
    );
    const y = await createSender(
      workspaceId,
      { from_email: `yuri@${SLUG}.example`, relay: relay(), mailbox: mailbox("ybox"), daily_cap: null, ramp: null, enabled: true },
      actor,
    );
    const z = await createSender(
      workspaceId,
      { from_email: `zoe@${SLUG}.example`, relay: relay(), mailbox: null, daily_cap: null, ramp: null, enabled: true },
      actor,
    );

    const { draftIds } = await draftsAwaitingReview(workspaceId, LEADS.map(to));
    const draftOf = Object.fromEntries(
      await Promise.all(
        draftIds.map(async (id) => [(await db().draft.findUniqueOrThrow({ where: { id }, include: { lead: true } })).lead.email.split("@")[0], id] as const),
      ),
    ) as Record<(typeof LEADS)[number], string>;
    const senderOf: Record<(typeof LEADS)[number], string | null> = {
      "found-x": x.id,
      "absent-x": x.id,
      "elsewhere-x": x.id,
      "found-default": null,
      "no-mailbox": z.id,
    };
    // Each lead's sender (as assignment would have given it).
    for (const name of LEADS) await db().runLead.updateMany({ where: { drafts: { some: { id: draftOf[name] } } }, data: { senderId: senderOf[name] } });

    for (const name of LEADS) {
      await approveDraft(workspaceId, draftOf[name], {}, { userId: reviewerId, actor });
      expect(await sendDraft(draftOf[name])).toBe("in_doubt"); // the relay took it and hung up without an answer
    }
    const sends = Object.fromEntries(await Promise.all(LEADS.map(async (name) => [name, await sendOf(draftOf[name])] as const)));
    for (const name of LEADS) expect(sends[name]).toMatchObject({ status: SEND_STATUS.in_doubt, senderId: senderOf[name] }); // the claim records its sender
    expect(smtp.mails.map((mail) => mail.headers.get("from"))).toHaveLength(LEADS.length);

    // What each mail service kept: X's copy of one of its sends; another of X's sends only in Y's
    // and in the workspace's own Sent folders (a mix-up would resolve it); the default sender's
    // send in the workspace's; Z (no mailbox) has its copy in the workspace's Sent folder, not its own.
    await dovecot.append("xbox", sentCopy(sends["found-x"].messageId, x.from_email), "Sent");
    await dovecot.append("ybox", sentCopy(sends["elsewhere-x"].messageId, x.from_email), "Sent");
    await dovecot.appendMany(
      "own",
      [sends["elsewhere-x"].messageId, sends["found-default"].messageId, sends["no-mailbox"].messageId].map((id) => sentCopy(id, `sam@${SLUG}.example`)),
      "Sent",
    );
    await dovecot.append("xbox", sentCopy(`<unrelated@${SLUG}.example>`, x.from_email), "Sent");

    expect(await queueSentFolderChecks()).toBe(1); // the workspace: its in-doubt sends are in mailboxes that can be searched
    const checked = await checkSentFolder(workspaceId);
    expect(checked).toMatchObject({ checked: 4, found: 2 }); // Z's send is not searched anywhere
    expect(new Map(checked.folders.map((folder) => [folder.sender_id, [folder.folder, folder.checked, folder.found]]))).toEqual(
      new Map([
        [null, ["Sent", 1, 1]],
        [x.id, ["Sent", 3, 1]],
      ]),
    );

    const after = Object.fromEntries(await Promise.all(LEADS.map(async (name) => [name, await sendOf(draftOf[name])] as const)));
    expect(after["found-x"]).toMatchObject({ status: SEND_STATUS.sent, confirmed: true, messageId: sends["found-x"].messageId });
    expect(after["found-x"].error).toMatch(new RegExp(`Sent folder \\(Sent\\) of the mailbox of sender ${x.from_email}`));
    expect(after["found-default"]).toMatchObject({ status: SEND_STATUS.sent, confirmed: true });
    expect(after["found-default"].error).toMatch(/Sent folder \(Sent\) of the workspace's mailbox/);
    expect(after["absent-x"].status).toBe(SEND_STATUS.in_doubt); // a reviewer decides
    expect(after["elsewhere-x"].status).toBe(SEND_STATUS.in_doubt); // in Y's and the default's Sent folders: not X's
    expect(after["no-mailbox"].status).toBe(SEND_STATUS.in_doubt); // Z has no mailbox: a reviewer decides
    for (const name of ["absent-x", "elsewhere-x"] as const) expect(after[name].sentCheckedAt).toBeInstanceOf(Date);
    expect(after["no-mailbox"].sentCheckedAt).toBeNull();
    const completed = await db().event.findMany({ where: { workspaceId, type: "send.completed" } });
    expect(new Map(completed.map((event) => [(event.data as { draft_id: string }).draft_id, (event.data as { sender_id: string | null }).sender_id]))).toEqual(
      new Map([
        [draftOf["found-x"], x.id],
        [draftOf["found-default"], null],
      ]),
    );

    // A second look changes nothing: X's two are looked for again in X's mailbox. Y was never
    // searched (none of its sends is in doubt).
    const again = await checkSentFolder(workspaceId);
    expect(again).toMatchObject({ checked: 2, found: 0 });
    expect([...checked.folders, ...again.folders].map((folder) => folder.sender_id)).not.toContain(y.id);
  }, 120_000);
});
