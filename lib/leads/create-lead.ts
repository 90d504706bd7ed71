import { z } from "zod";
import { db } from "@/lib/db";
import { Conflict } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { presentLead } from "@/lib/leads/present-lead";
import { TimeZone } from "@/lib/senders/window";

const text = (max: number) => z.string().trim().min(1).max(max);

export const CreateLeadBody = z
  .strictObject({
    email: z.email().max(320),
    first_name: text(200).optional(),
    last_name: text(200).optional(),
    company: text(300).optional(),
    title: text(300).optional(),
    domain: text(253).optional(),
    linkedin_url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
    website: text(2048).optional(),
    country: text(100).optional(),
    employees: z.number().int().min(0).max(10_000_000).optional(),
    industry: text(300).optional(),
    notes: text(10_000).optional(),
    time_zone: TimeZone.optional(),
    attributes: z
      .record(z.string().min(1).max(100), z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]))
      .refine((value) => Object.keys(value).length <= 100, "at most 100 attributes")
      .optional(),
  })
  .meta({ id: "CreateLead" });
export type CreateLeadBody = z.infer<typeof CreateLeadBody>;

/** Creates a lead; an email already in the workspace (any case) is 409 lead_exists with its id. */
export async function createLead(workspaceId: string, body: CreateLeadBody) {
  const emailLower = body.email.toLowerCase();
  const existing = await db().lead.findUnique({ where: { workspaceId_emailLower: { workspaceId, emailLower } }, select: { id: true } });
  if (existing) throw new Conflict(`A lead with email ${body.email} exists.`, "lead_exists", { lead_id: existing.id });
  try {
    const lead = await db().lead.create({
      data: {
        id: newId("lead"),
        workspaceId,
        email: body.email,
        emailLower,
        firstName: body.first_name,
        lastName: body.last_name,
        company: body.company,
        title: body.title,
        domain: body.domain,
        linkedinUrl: body.linkedin_url,
        website: body.website,
        country: body.country,
        employees: body.employees,
        industry: body.industry,
        notes: body.notes,
        timeZone: body.time_zone,
        attributes: body.attributes ?? {},
      },
    });
    return presentLead(lead);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      const raced = await db().lead.findUnique({ where: { workspaceId_emailLower: { workspaceId, emailLower } }, select: { id: true } });
      throw new Conflict(`A lead with email ${body.email} exists.`, "lead_exists", { lead_id: raced?.id });
    }
    throw error;
  }
}
