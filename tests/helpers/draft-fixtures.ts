import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { leadRow, type LeadRow } from "@/lib/imports/columns";
import { insertLeadBatch } from "@/lib/imports/insert-batch";

// Drafts written straight into the database, for tests of what happens after drafting (sending,
// in-doubt sends) that need no pipeline run.

const row = (email: string): LeadRow => leadRow(email, { first_name: "Ada", company: "Engines" });

/** A run of the built-in pack with one draft awaiting review per address. */
export async function draftsAwaitingReview(workspaceId: string, emails: string[]): Promise<{ runId: string; draftIds: string[] }> {
  const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
  const run = await db().run.create({ data: { id: newId("run"), name: "Test run", workspaceId, packId: pack.id, status: "awaiting_review" } });
  await insertLeadBatch(workspaceId, run.id, emails.map(row));
  const runLeads = await db().runLead.findMany({ where: { runId: run.id }, include: { lead: true }, orderBy: { id: "asc" } });
  const draftIds: string[] = [];
  for (const runLead of runLeads) {
    await db().runLead.update({ where: { id: runLead.id }, data: { state: "awaiting_review", stage: "draft_email" } });
    const draft = await db().draft.create({
      data: {
        id: newId("drf"),
        workspaceId,
        leadId: runLead.leadId,
        runId: run.id,
        runLeadId: runLead.id,
        subject: `Hello ${runLead.lead.email}`,
        body: "Hi,\n\nA short note.\n\nSam",
      },
    });
    draftIds.push(draft.id);
  }
  return { runId: run.id, draftIds };
}

const FOLLOW_UP_STEPS = [
  { step: 1, wait: null, waitSeconds: null },
  { step: 2, wait: "P3D", waitSeconds: 259_200 },
];

/**
 * A lead of a two-step run whose first email was sent (its Send recorded `sent`) and whose step-2
 * follow-up is approved and due: its sequence active at step 2, the run lead running.
 */
export async function approvedFollowUp(
  workspaceId: string,
  email: string,
): Promise<{ runId: string; runLeadId: string; leadId: string; firstDraftId: string; followUpId: string }> {
  const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
  const run = await db().run.create({
    data: { id: newId("run"), name: "Follow-up run", workspaceId, packId: pack.id, status: "sending", steps: FOLLOW_UP_STEPS },
  });
  const lead = await db().lead.create({ data: { id: newId("lead"), workspaceId, email, emailLower: email.toLowerCase(), status: "sent", firstName: "Ada" } });
  const runLead = await db().runLead.create({
    data: { id: newId("rle"), workspaceId, runId: run.id, leadId: lead.id, state: "running", stage: "send", sequenceStatus: "active", sequenceStep: 2 },
  });
  const draft = (step: number, status: string) =>
    db().draft.create({
      data: {
        id: newId("drf"),
        workspaceId,
        leadId: lead.id,
        runId: run.id,
        runLeadId: runLead.id,
        step,
        status,
        subject: `Step ${step} to ${email}`,
        body: `Hi,\n\nStep ${step}.\n\nSam`,
      },
    });
  const first = await draft(1, "sent");
  await db().send.create({
    data: { id: newId("snd"), workspaceId, draftId: first.id, messageId: `<${newId("snd")}@example.com>`, status: "sent", attempts: 1, acceptedAt: new Date() },
  });
  const followUp = await draft(2, "approved");
  return { runId: run.id, runLeadId: runLead.id, leadId: lead.id, firstDraftId: first.id, followUpId: followUp.id };
}
