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
