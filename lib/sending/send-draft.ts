import nodemailer from "nodemailer";
import { db } from "@/lib/db";
import { recordEvents } from "@/lib/events/outbox";
import { newId } from "@/lib/ids";
import { settleRun } from "@/lib/runs/run-status";
import { relayTransportOptions } from "@/lib/relay/relay-settings";

// The send stage: an approved draft goes to the workspace's SMTP relay. One Send row per draft
// (unique), created before the first attempt with a fixed Message-ID, so a retry after a crash
// never makes a second send and repeats the same Message-ID. A 4xx, a network error or a refused
// login is thrown for BullMQ to retry with backoff; a 5xx refusal of the message rejects the lead
// (relay_rejected).

type Outcome = "skipped" | "sent" | "rejected";

const RECORD_RETRY_MS = 60_000;

/**
 * Once the relay has accepted the message, failing the job would make BullMQ's retry send it
 * again: so the commit that records the acceptance is retried here through a short database
 * outage (a PostgreSQL restart) before giving up. Found by `npm run test:chaos`.
 */
async function recordingAcceptance(commit: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + RECORD_RETRY_MS;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      await commit();
      return;
    } catch (error) {
      if (Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

async function rejectLead(draft: { id: string; workspaceId: string; leadId: string; runId: string; runLeadId: string }, code: string, message: string) {
  await db().$transaction(async (tx) => {
    await tx.draft.update({ where: { id: draft.id }, data: { status: "failed" } });
    await tx.runLead.update({ where: { id: draft.runLeadId }, data: { stage: "send", state: "rejected", reasonCode: code, reasonMessage: message.slice(0, 500) } });
    await recordEvents(tx, draft.workspaceId, [{ type: "lead.rejected", data: { lead_id: draft.leadId, run_id: draft.runId, stage: "send", reason: { code, message } } }]);
  });
  await settleRun(draft.runId);
}

export async function sendDraft(draftId: string): Promise<Outcome> {
  const draft = await db().draft.findUnique({
    where: { id: draftId },
    include: { lead: true, run: { select: { stopAfter: true, status: true } }, runLead: true, send: true, workspace: { include: { relay: { omit: { passwordEncrypted: false } } } } },
  });
  if (!draft || draft.status !== "approved" || draft.send?.status === "sent") return "skipped";
  if (draft.runLead.state !== "running" || draft.run.stopAfter === "draft_email" || draft.run.status === "canceled") return "skipped";
  const relay = draft.workspace.relay;
  if (!relay) {
    await rejectLead(draft, "relay_not_configured", "No SMTP relay is configured for this workspace (Settings → SMTP relay).");
    return "rejected";
  }
  const suppressed = await db().suppression.findUnique({ where: { workspaceId_emailLower: { workspaceId: draft.workspaceId, emailLower: draft.lead.emailLower } } });
  if (suppressed) {
    await rejectLead(draft, "suppressed", `${draft.lead.email} is on the suppression list (${suppressed.reason}).`);
    return "rejected";
  }

  const domain = relay.fromEmail.split("@")[1] ?? "leadpipe.local";
  const send = draft.send ?? (await db().send.upsert({
    where: { draftId },
    create: { id: newId("snd"), workspaceId: draft.workspaceId, draftId, messageId: `<${newId("snd")}@${domain}>` },
    update: {},
  }));
  await db().send.update({ where: { id: send.id }, data: { attempts: { increment: 1 } } });

  const transport = nodemailer.createTransport(relayTransportOptions(relay));
  try {
    await transport.sendMail({
      from: relay.fromName ? { name: relay.fromName, address: relay.fromEmail } : relay.fromEmail,
      to: draft.lead.email,
      subject: draft.subject,
      text: draft.body,
      messageId: send.messageId,
      headers: { "List-Unsubscribe": `<mailto:${relay.fromEmail}?subject=unsubscribe>`, "X-LeadPipe-Draft": draft.id },
    });
  } catch (error) {
    const { responseCode = 0, command = "" } = error as { responseCode?: number; command?: string };
    const message = (error as Error).message;
    await db().send.update({ where: { id: send.id }, data: { error: message.slice(0, 1000) } });
    // A 5xx to the message itself is final. A refused login is our relay settings, not the lead:
    // it is retried (and logged) until an admin fixes the relay.
    if (responseCode >= 500 && responseCode < 600 && !/^AUTH/i.test(command)) {
      await db().send.update({ where: { id: send.id }, data: { status: "failed" } });
      await rejectLead(draft, "relay_rejected", `The relay refused the message: ${message}`.slice(0, 500));
      return "rejected";
    }
    throw error;
  } finally {
    transport.close();
  }

  const acceptedAt = new Date();
  await recordingAcceptance(() => db().$transaction(async (tx) => {
    // Two jobs can send the same draft at once (the resume sweep queues every approved draft still
    // unsent after a minute, while its first job may be running): the first to commit records it.
    const { count } = await tx.send.updateMany({ where: { id: send.id, workspaceId: draft.workspaceId, status: { not: "sent" } }, data: { status: "sent", acceptedAt, error: null } });
    if (count === 0) return;
    await tx.draft.update({ where: { id: draftId }, data: { status: "sent" } });
    await tx.lead.update({ where: { id: draft.leadId }, data: { status: "sent" } });
    await tx.runLead.update({ where: { id: draft.runLeadId }, data: { stage: "send", state: draft.run.stopAfter === "send" ? "stopped" : "done" } });
    await recordEvents(tx, draft.workspaceId, [{
      type: "send.completed",
      data: { lead_id: draft.leadId, draft_id: draftId, run_id: draft.runId, message_id: send.messageId, accepted_at: acceptedAt.toISOString() },
    }]);
  }));
  await settleRun(draft.runId);
  return "sent";
}
