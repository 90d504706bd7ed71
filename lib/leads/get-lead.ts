import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { presentLead } from "@/lib/leads/present-lead";

export async function getLead(workspaceId: string, id: string) {
  const lead = await db().lead.findFirst({ where: { id, workspaceId } });
  if (!lead) throw new NotFound("lead");
  return presentLead(lead);
}
