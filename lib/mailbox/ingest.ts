import { bracketed, madeReplyMessageId } from "@/lib/replies/answer-thread";
import { db, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { newId } from "@/lib/ids";
import { moveLead } from "@/lib/lifecycle/lead";
import { log } from "@/lib/log";
import { parseInbound, type ParsedInbound } from "@/lib/mailbox/parse-message";
import { pauseOnHardBounces } from "@/lib/senders/health";
import { stripQuoted } from "@/lib/nlp/strip-quoted";
import { enqueueBulkAfterCommit } from "@/lib/queues";
import { queueTrackForLost, trackJobs } from "@/lib/replies/track-jobs";
import { suppress } from "@/lib/suppressions/suppressions";
import { LEAD_STATUS, SEND_STATUS } from "@/lib/statuses";

// Takes a batch of raw messages read from one folder (in UID order) and, in one transaction,
// stores each raw message, matches it to the email it answers, creates its reply or records its
// bounce, and moves the folder's cursor past the batch. A batch is written whole or not at all,
// so a worker killed mid-stream starts again from the cursor and writes nothing twice (the
// (folder, UIDVALIDITY, UID) key and the Message-ID check make a repeat a no-op).

export type RawMessage = { uid: number; raw: Buffer; internalDate?: Date | null };
type Match = { draftId: string; leadId: string; by: "in_reply_to" | "references" | "address" | "dsn" };

export async function ingestBatch(
  workspaceId: string,
  folder: string,
  uidValidity: bigint,
  messages: RawMessage[],
): Promise<{ replies: number; bounces: number; unmatched: number; skipped: number }> {
  const counts = { replies: 0, bounces: 0, unmatched: 0, skipped: 0 };
  if (messages.length === 0) return counts;
  const parsed = await Promise.all(
    messages.map(async (message) => ({ ...message, mail: await parseInbound(message.raw).catch((error: Error) => unreadable(message, error)) })),
  );
  const replyIds: string[] = [];
  await db().$transaction(
    async (tx) => {
      const seen = await alreadyStored(tx, workspaceId, folder, uidValidity, parsed);
      const matcher = await loadMatcher(
        tx,
        workspaceId,
        parsed.map((message) => message.mail),
      );
      // Rows are gathered, then written with one statement per table (a batch of 100 is a handful
      // of statements, not hundreds); bounces, which need their lead, are written after.
      const inboundRows: Prisma.InboundMessageCreateManyInput[] = [];
      const replyRows: Prisma.ReplyCreateManyInput[] = [];
      const dsns: { inboundId: string; recipients: NonNullable<ParsedInbound["dsn"]>["recipients"]; match: Match | null }[] = [];
      for (const message of parsed) {
        if (seen.uids.has(message.uid) || (message.mail.messageId && seen.messageIds.has(message.mail.messageId))) {
          counts.skipped += 1;
          continue;
        }
        if (message.mail.messageId) seen.messageIds.add(message.mail.messageId);
        const receivedAt = message.mail.date ?? message.internalDate ?? new Date();
        const inboundId = newId("inb");
        const { mail } = message;
        const match = mail.dsn ? matcher.forDsn(mail) : matcher.forReply(mail);
        const kind = mail.dsn ? "bounce" : match ? "reply" : "unmatched";
        inboundRows.push({
          id: inboundId,
          workspaceId,
          folder,
          uidValidity,
          uid: BigInt(message.uid),
          messageId: mail.messageId,
          fromEmail: mail.from.slice(0, 320),
          subject: mail.subject,
          receivedAt,
          kind,
          matchedBy: match?.by ?? null,
          raw: new Uint8Array(message.raw),
        });
        if (mail.dsn) {
          dsns.push({ inboundId, recipients: mail.dsn.recipients, match });
        } else if (match) {
          const replyId = newId("rpl");
          replyRows.push({
            id: replyId,
            workspaceId,
            leadId: match.leadId,
            draftId: match.draftId,
            inReplyTo: mail.inReplyTo[0] ?? null,
            fromEmail: mail.from.slice(0, 320) || "unknown@invalid",
            subject: mail.subject,
            text: stripQuoted(mail.text),
            receivedAt,
            autoSubmitted: mail.autoSubmitted,
            inboundMessageId: inboundId,
            messageId: mail.messageId ? bracketed(mail.messageId) : madeReplyMessageId(replyId),
          });
          replyIds.push(replyId);
          counts.replies += 1;
        } else counts.unmatched += 1;
      }
      if (inboundRows.length) await tx.inboundMessage.createMany({ data: inboundRows });
      if (replyRows.length) await tx.reply.createMany({ data: replyRows });
      for (const dsn of dsns) counts.bounces += await recordBounces(tx, workspaceId, dsn.inboundId, dsn.recipients, dsn.match);
      // A sender whose hard bounces now reach the sending policy is paused with them (lib/senders/health.ts).
      const hardDrafts = dsns.filter((dsn) => dsn.match && dsn.recipients.some((r) => r.kind === "hard")).map((dsn) => dsn.match!.draftId);
      await pauseOnHardBounces(tx, workspaceId, [...new Set(hardDrafts)]);
      const lastUid = BigInt(Math.max(...messages.map((message) => message.uid)));
      await tx.mailboxCursor.upsert({
        where: { workspaceId_folder: { workspaceId, folder } },
        create: { workspaceId, folder, uidValidity, lastUid },
        update: { uidValidity, lastUid },
      });
    },
    { timeout: 60_000 },
  );
  // After the commit; if Redis is away the resume sweep classifies them later.
  await enqueueBulkAfterCommit("track", trackJobs(replyIds, "batch"));
  return counts;
}

/**
 * Queues track again for the mailbox's replies that are not classified: a worker killed between
 * a batch's commit and queueing its job leaves them so; replies a live job carries are left to it.
 * Called when a mailbox session starts (the resume sweep would find them too,
 * but only after a few minutes).
 */
export async function requeueUnclassified(workspaceId: string): Promise<number> {
  const rows = await db().reply.findMany({
    where: { workspaceId, inboundMessageId: { not: null }, classifiedAt: null, correctedAt: null },
    select: { id: true },
    orderBy: { id: "asc" },
    take: 10_000,
  });
  return queueTrackForLost(
    rows.map((row) => row.id),
    `requeue-${Date.now()}`,
  );
}

/** A message mailparser cannot read is still kept (raw) and listed as unmatched. */
function unreadable(message: RawMessage, error: Error): ParsedInbound {
  log.warn({ uid: message.uid, err: error.message }, "unreadable message kept as unmatched");
  return { messageId: null, inReplyTo: [], references: [], from: "", subject: "", text: "", date: null, autoSubmitted: null, dsn: null };
}

async function alreadyStored(tx: Tx, workspaceId: string, folder: string, uidValidity: bigint, messages: { uid: number; mail: ParsedInbound }[]) {
  const messageIds = messages.map((message) => message.mail.messageId).filter((id): id is string => id !== null);
  const rows = await tx.inboundMessage.findMany({
    where: { workspaceId, OR: [{ folder, uidValidity, uid: { in: messages.map((message) => BigInt(message.uid)) } }, { messageId: { in: messageIds } }] },
    select: { folder: true, uidValidity: true, uid: true, messageId: true },
  });
  return {
    uids: new Set(rows.filter((row) => row.folder === folder && row.uidValidity === uidValidity).map((row) => Number(row.uid))),
    messageIds: new Set(rows.map((row) => row.messageId).filter((id): id is string => id !== null)),
  };
}

/** Looks up, for the whole batch at once, our sends by Message-ID and the leads by address. */
async function loadMatcher(tx: Tx, workspaceId: string, mails: ParsedInbound[]) {
  const messageIds = [
    ...new Set(mails.flatMap((mail) => [...mail.inReplyTo, ...mail.references, ...(mail.dsn?.originalMessageId ? [mail.dsn.originalMessageId] : [])])),
  ];
  const addresses = [...new Set(mails.flatMap((mail) => (mail.dsn ? mail.dsn.recipients.map((r) => r.email) : [mail.from.toLowerCase()])).filter(Boolean))];
  const sends = messageIds.length
    ? await tx.send.findMany({
        where: { workspaceId, messageId: { in: messageIds } },
        select: { messageId: true, draft: { select: { id: true, leadId: true } } },
      })
    : [];
  const byMessageId = new Map(sends.map((send) => [send.messageId, send.draft]));
  // The address fallback: the lead's most recent email that was sent.
  const sentToAddress = addresses.length
    ? await tx.send.findMany({
        where: { workspaceId, status: SEND_STATUS.sent, draft: { lead: { emailLower: { in: addresses } } } },
        orderBy: { acceptedAt: "asc" },
        select: { draft: { select: { id: true, leadId: true, lead: { select: { emailLower: true } } } } },
      })
    : [];
  const byAddress = new Map(sentToAddress.map((send) => [send.draft.lead.emailLower, { id: send.draft.id, leadId: send.draft.leadId }]));
  const toMatch = (draft: { id: string; leadId: string } | undefined, by: Match["by"]): Match | null =>
    draft ? { draftId: draft.id, leadId: draft.leadId, by } : null;
  return {
    forReply(mail: ParsedInbound): Match | null {
      const direct = mail.inReplyTo.map((id) => byMessageId.get(id)).find(Boolean);
      if (direct) return toMatch(direct, "in_reply_to");
      const referenced = [...mail.references]
        .reverse()
        .map((id) => byMessageId.get(id))
        .find(Boolean);
      if (referenced) return toMatch(referenced, "references");
      return toMatch(byAddress.get(mail.from.toLowerCase()), "address");
    },
    forDsn(mail: ParsedInbound): Match | null {
      const original = mail.dsn?.originalMessageId ? byMessageId.get(mail.dsn.originalMessageId) : undefined;
      if (original) return toMatch(original, "dsn");
      const recipient = mail.dsn?.recipients.map((r) => byAddress.get(r.email)).find(Boolean);
      return toMatch(recipient, "address");
    },
  };
}

/** Records each bounced recipient; a hard bounce suppresses the address and ends its lead `bounced`. */
async function recordBounces(
  tx: Tx,
  workspaceId: string,
  inboundMessageId: string,
  recipients: NonNullable<ParsedInbound["dsn"]>["recipients"],
  match: Match | null,
): Promise<number> {
  let recorded = 0;
  for (const recipient of recipients) {
    if (!recipient.kind) continue;
    const lead = await tx.lead.findUnique({ where: { workspaceId_emailLower: { workspaceId, emailLower: recipient.email } }, select: { id: true } });
    await tx.bounce.create({
      data: {
        id: newId("bnc"),
        workspaceId,
        inboundMessageId,
        emailLower: recipient.email,
        kind: recipient.kind,
        action: recipient.action,
        status: recipient.status,
        diagnostic: recipient.diagnostic,
        leadId: lead?.id ?? null,
        draftId: match && lead && match.leadId === lead.id ? match.draftId : null,
      },
    });
    if (recipient.kind === "hard") {
      await suppress(
        {
          workspaceId,
          email: recipient.email,
          reason: `Hard bounce ${recipient.status}${recipient.diagnostic ? `: ${recipient.diagnostic}` : ""}`,
          source: "bounce",
        },
        tx,
      );
      if (lead) await moveLead(lead.id, LEAD_STATUS.bounced, { tx });
    }
    recorded += 1;
  }
  return recorded;
}
