import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { moveSend, moveSendReturning, NOT_ATTEMPTED_SEND_STATUSES } from "@/lib/lifecycle/send";
import { relayTransportOptions } from "@/lib/senders/relay-connection";
import { relayForDraft, type DraftRelay } from "@/lib/senders/sender-relay";
import { enqueueSend, sendWaitMs } from "@/lib/sending/send-window";
import { beforeSend } from "@/lib/sending/hooks";
import { answerHeaders, threadHeaders, threadsOf } from "@/lib/sending/thread";
import { crashPoint } from "@/lib/sending/crash-point";
import { draftMessage, messageIdFor } from "@/lib/sending/draft-message";
import { recordInDoubt, recordSent, rejectAtSend, retryingThroughOutage, type SendingDraft } from "@/lib/sending/record-send";
import { withSendLock } from "@/lib/sending/send-lock";
import { composeMessage, deliver, type DeliveryError } from "@/lib/sending/smtp-delivery";
import { isSuppressed } from "@/lib/suppressions/suppressions";
import { DRAFT_STATUS, SEND_STATUS, RUN_LEAD_STATE, RUN_STATUS } from "@/lib/statuses";

// The send stage, exactly once (docs/reliability.md, "Sending exactly once"). An approved draft has
// one Send row (unique per draft) holding its Message-ID, reserved in PostgreSQL before the SMTP
// conversation. An attempt takes the draft's lock, claims the send (`sending`, attempts + 1), talks
// to the relay, and just before the end of the message moves the send to `committing` — only if
// its own claim still stands. From `committing` on, the draft is never sent again on its own: an
// attempt that finds a send in `committing` (its worker died once the end of the message was going
// out: the relay may have it, or may never have read its end) records it `in_doubt`, not sent, and
// sends nothing; the mailbox's Sent folder or a reviewer resolves it (record-send.ts). An attempt
// that died earlier left no mail at the relay, so the send is simply tried again under the same
// Message-ID. An attempt that abandoned its message before the end (the `committing` write failed,
// say in a PostgreSQL restart that lost the commit's answer) knows it sent nothing and puts the
// send back to `pending` itself, retried through the outage.
//
// Outcomes: a 4xx, a network error or a refused login before the end of the message is thrown for
// BullMQ to retry with backoff; a 5xx refusal of the message rejects the lead (relay_rejected); no
// answer after the end makes the send `in_doubt`; with no relay configured the send waits
// (`waiting_relay`) until one is saved.

export type SendOutcome = "skipped" | "busy" | "waiting_relay" | "paused" | "sent" | "in_doubt" | "rejected";

/** How soon a step a hook asked to `recheck` (a reply not classified yet) is looked at again. */
const RECHECK_MS = 5_000;

type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

function load(draftId: string) {
  return db().draft.findUnique({
    where: { id: draftId },
    include: {
      lead: true,
      run: { select: { stopAfter: true, status: true } },
      runLead: true,
      send: true,
      workspace: { include: { relay: { omit: { passwordEncrypted: false } } } },
    },
  });
}

async function waitForRelay(draft: Loaded): Promise<SendOutcome> {
  await db().send.upsert({
    where: { draftId: draft.id },
    create: { id: newId("snd"), workspaceId: draft.workspaceId, draftId: draft.id, messageId: messageIdFor(undefined), status: SEND_STATUS.waiting_relay },
    update: {},
  });
  await moveSend({ draftId: draft.id }, SEND_STATUS.waiting_relay, {}, { from: [SEND_STATUS.pending] }); // the relay was removed since it was reserved
  return "waiting_relay";
}

/**
 * Keeps (or, with null, clears) the last failure of the relay a send went through on its owner: a
 * sender's on that sender, the default sender's on the workspace's relay. A failing sender never
 * marks the default relay failing (the review pages' warning names the sender: lib/relay/relay-readiness.ts).
 */
async function noteRelayFailure(relay: DraftRelay, message: string | null) {
  const data = message ? { lastFailure: message.slice(0, 500), lastFailureAt: new Date() } : { lastFailure: null, lastFailureAt: null };
  const { workspaceId, senderId } = relay;
  const noted = senderId
    ? db().sender.updateMany({ where: { id: senderId, workspaceId }, data })
    : db().relaySettings.updateMany({ where: { workspaceId }, data });
  await noted.catch(() => undefined);
}

export async function sendDraft(draftId: string): Promise<SendOutcome> {
  const draft = await load(draftId);
  // A send in doubt waits for its resolution (the Sent folder or a reviewer), never for another attempt.
  if (!draft || draft.status !== DRAFT_STATUS.approved || (draft.send && NOT_ATTEMPTED_SEND_STATUSES.includes(draft.send.status))) return "skipped";
  if (sendWaitMs(draft) > 0) return "skipped"; // still in the web app's undo window: its delayed job sends it
  if (draft.send?.scheduledFor && draft.send.scheduledFor.getTime() > Date.now()) return "skipped"; // its slot has not come (lib/senders/schedule.ts)
  // An answer to a reply (kind reply) is no step of the sequence: the lead's reply ended or paused
  // that sequence, and answering it is the point; a reviewer approved it, so it goes (contract §13).
  if (draft.kind !== "reply") {
    if (draft.runLead.state !== RUN_LEAD_STATE.running || draft.run.stopAfter === "draft_email" || draft.run.status === RUN_STATUS.canceled) return "skipped";
    // A step: the features that hold sends read it again now (the sequence: ended by a reply, paused
    // by an out-of-office, a reply not classified yet; lib/sending/hooks.ts).
    const verdict = await beforeSend(draft);
    if (verdict === "recheck") await enqueueSend(draftId, new Date(Date.now() + RECHECK_MS), "reply");
    if (verdict !== "go") return "skipped"; // held: whoever holds it queues it again (the sequence scheduler when a pause ends)
  }
  const relay = await relayForDraft(draft); // the lead's sender, or the default sender (/relay)
  if (relay === "moved") return "skipped"; // its sender was disabled or deleted: the draft is being written again for the new one
  if (!relay) return waitForRelay(draft);
  // A paused sender's sends wait where they are (slot and sender kept) until it is resumed (lib/senders/health.ts).
  if (relay.pausedAt) return "paused";

  return withSendLock(draftId, async (lock) => {
    const current = await db().send.findUnique({ where: { draftId } });
    if (current && NOT_ATTEMPTED_SEND_STATUSES.includes(current.status)) return "skipped";
    if (current?.status === SEND_STATUS.committing) {
      // Its worker died once the end of the message was going out: the relay may have taken it or
      // never read its end. Not sent again, and not reported as sent.
      const since = current.committingAt?.toISOString() ?? "an unknown time";
      await retryingThroughOutage(() =>
        recordInDoubt(
          draft,
          current,
          `The attempt that began ending the message at ${since} stopped before the relay's answer was recorded; the relay may or may not have it.`,
        ),
      );
      return "in_doubt";
    }
    const suppressed = await isSuppressed(draft.workspaceId, draft.lead.email);
    if (suppressed) {
      await rejectAtSend(draft, "suppressed", `${draft.lead.email} is on the suppression list (${suppressed.reason}).`);
      return "rejected";
    }
    const reserved =
      current ??
      (await db().send.upsert({
        where: { draftId },
        create: { id: newId("snd"), workspaceId: draft.workspaceId, draftId, messageId: messageIdFor(relay.fromEmail), status: SEND_STATUS.pending },
        update: {},
      }));
    const claimed = await claimSend(draftId, reserved.id, relay.senderId, draft.workspaceId);
    if (claimed === "paused") return "paused";
    if (!claimed) return "skipped";
    return attempt(draft, relay, claimed, () => lock.stillHeld());
  });
}

/**
 * Claims the send from pending, from waiting_relay (a relay saved a moment ago), or from a dead
 * attempt's `sending`, while holding its draft's row and only if the draft is still approved: a
 * sequence that ends cancels an unsent follow-up under that row's lock (lib/lifecycle/draft.ts),
 * so a canceled follow-up is never claimed and a claimed one is never canceled. The claim records
 * the sender whose relay the attempt uses (the in-doubt check searches that sender's mailbox). The
 * sender's pause is read under a share lock of its row, which the pause takes for update
 * (lib/senders/health.ts): a send is claimed before a pause commits, or not at all while it stands.
 */
function claimSend(draftId: string, sendId: string, senderId: string | null, workspaceId: string) {
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM drafts WHERE id = ${draftId} FOR SHARE`;
    if (row?.status !== DRAFT_STATUS.approved) return null;
    const [sender] = senderId
      ? await tx.$queryRaw<{ pausedAt: Date | null }[]>`SELECT "pausedAt" FROM senders WHERE id = ${senderId} FOR SHARE`
      : await tx.$queryRaw<{ pausedAt: Date | null }[]>`SELECT "pausedAt" FROM relay_settings WHERE "workspaceId" = ${workspaceId} FOR SHARE`;
    if (sender?.pausedAt) return "paused" as const;
    return moveSendReturning({ id: sendId }, SEND_STATUS.sending, { claimedAt: new Date(), attempts: { increment: 1 }, senderId }, { tx });
  });
}

type Relay = DraftRelay;
type Claimed = { id: string; messageId: string; attempts: number };

async function attempt(draft: Loaded, relay: Relay, send: Claimed, stillHeld: () => Promise<void>): Promise<SendOutcome> {
  const sending: SendingDraft = draft;
  // A follow-up goes in its lead's thread: In-Reply-To and References name the messages sent before it;
  // an answer goes in its reply's thread (answerHeaders, lib/sending/thread.ts).
  const thread = draft.step > 1 ? ((await threadsOf([draft.runLeadId], draft.step)).get(draft.runLeadId) ?? []) : [];
  const threading = draft.kind === "reply" ? await answerHeaders(draft) : threadHeaders(thread);
  // The sender is whoever the relay names now, not when the draft was written.
  const raw = await composeMessage(draftMessage(draft, relay, send.messageId, threading));
  const options = relayTransportOptions(relay);
  let abandoned = false;
  try {
    await deliver({ ...options, auth: options.auth }, { from: relay.fromEmail, to: draft.lead.email }, raw, async () => {
      try {
        await stillHeld();
        crashPoint("send.before-end-of-message");
        // Only the attempt whose claim stands may end the message.
        const committing = await moveSend(
          { id: send.id, attempts: send.attempts },
          SEND_STATUS.committing,
          { committingAt: new Date() },
          { from: [SEND_STATUS.sending] },
        );
        if (!committing) throw new Error("another attempt claimed this send");
      } catch (error) {
        abandoned = true; // the end of the message is never written (smtp-delivery.ts)
        throw error;
      }
      crashPoint("send.after-committing");
    });
  } catch (error) {
    if (abandoned) return abandonedAttempt(send, error as Error);
    return failedAttempt(sending, relay, send, error as DeliveryError);
  }
  crashPoint("send.after-relay-accepted");
  await retryingThroughOutage(() => recordSent(sending, send, { acceptedAt: new Date(), confirmed: true }));
  if (relay.lastFailure) await noteRelayFailure(relay, null);
  return "sent";
}

/**
 * The attempt gave up before the end of the message (its lock or its `committing` write failed):
 * the relay has nothing. Puts the send back to `pending` — from `committing` too, since a write
 * whose answer was lost may have committed — retried through a database outage, then throws for
 * BullMQ to send it again under the same Message-ID. Only this attempt's claim is touched (a later
 * attempt that already found it `in_doubt` is undone too: this attempt knows better).
 */
async function abandonedAttempt(send: Claimed, error: Error): Promise<never> {
  const note = `Abandoned before the end of the message (nothing was sent): ${error.message}`.slice(0, 1000);
  await retryingThroughOutage(() =>
    moveSend(
      { id: send.id, attempts: send.attempts },
      SEND_STATUS.pending,
      { committingAt: null, inDoubtAt: null, error: note },
      { from: [SEND_STATUS.sending, SEND_STATUS.committing, SEND_STATUS.in_doubt] },
    ),
  );
  throw error;
}

async function failedAttempt(draft: SendingDraft, relay: Relay, send: Claimed, error: DeliveryError): Promise<SendOutcome> {
  const { responseCode = 0, command = "", afterEnd } = error;
  const message = error.message;
  const permanent = responseCode >= 500 && responseCode < 600;
  if (afterEnd && !responseCode) {
    // The end of the message went out and no answer came back: the relay may have it. Not sent
    // again, and not reported as sent.
    await retryingThroughOutage(() => recordInDoubt(draft, send, `No answer from the relay after the end of the message: ${message}`));
    return "in_doubt";
  }
  // The relay certainly did not take the message (refused, or the conversation ended before its end).
  await retryingThroughOutage(() =>
    moveSend(
      { id: send.id, attempts: send.attempts },
      SEND_STATUS.pending,
      { error: message.slice(0, 1000) },
      { from: [SEND_STATUS.sending, SEND_STATUS.committing] },
    ),
  );
  // A refused login or a relay we cannot reach is our settings, not the lead: retried (and shown
  // as a warning on the review pages) until an admin fixes the relay.
  const relayProblem = /^AUTH/i.test(command) || !responseCode || command === "CONN";
  if (relayProblem) await noteRelayFailure(relay, `${relay.host}:${relay.port}: ${message}`);
  if (permanent && !/^AUTH/i.test(command)) {
    await rejectAtSend(draft, "relay_rejected", `The relay refused the message: ${message}`.slice(0, 500));
    return "rejected";
  }
  throw error;
}
