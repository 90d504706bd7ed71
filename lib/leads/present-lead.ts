import type { Lead } from "@/lib/generated/prisma/client.ts";
import { z } from "zod";
import { LEAD_STATUSES, type LeadStatus } from "@/lib/statuses";

export const LeadSchema = z
  .object({
    id: z.string().meta({ example: "lead_01jd0000000000000000000000" }),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    company: z.string().nullable(),
    title: z.string().nullable(),
    domain: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    website: z.string().nullable(),
    country: z.string().nullable(),
    employees: z.number().int().nullable(),
    industry: z.string().nullable(),
    notes: z.string().nullable(),
    time_zone: z.string().nullable().meta({ description: 'IANA zone a campaign schedule with time_zone "lead" sends in' }),
    referred_by: z.string().nullable().meta({ description: "The lead whose reply named this one (a followed referral), else null" }),
    attributes: z.record(z.string(), z.unknown()).meta({ description: "CSV columns LeadPipe does not map" }),
    status: z.enum(LEAD_STATUSES),
    signals: z.record(z.string(), z.unknown()).nullable(),
    qualification: z.object({ score: z.number(), qualified: z.boolean(), reasons: z.array(z.string()) }).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Lead" });
export type LeadJson = z.infer<typeof LeadSchema>;

/** The columns presentLead reads (a hot read selects only these, lib/leads/get-lead.ts). */
export type PresentableLead = Pick<
  Lead,
  | "id"
  | "email"
  | "firstName"
  | "lastName"
  | "company"
  | "title"
  | "domain"
  | "linkedinUrl"
  | "website"
  | "country"
  | "employees"
  | "industry"
  | "notes"
  | "timeZone"
  | "referredById"
  | "attributes"
  | "status"
  | "signals"
  | "qualification"
  | "createdAt"
  | "updatedAt"
>;

export function presentLead(lead: PresentableLead): LeadJson {
  return {
    id: lead.id,
    email: lead.email,
    first_name: lead.firstName,
    last_name: lead.lastName,
    company: lead.company,
    title: lead.title,
    domain: lead.domain,
    linkedin_url: lead.linkedinUrl,
    website: lead.website,
    country: lead.country,
    employees: lead.employees,
    industry: lead.industry,
    notes: lead.notes,
    time_zone: lead.timeZone,
    referred_by: lead.referredById,
    attributes: (lead.attributes ?? {}) as Record<string, unknown>,
    status: lead.status as LeadStatus,
    signals: (lead.signals ?? null) as LeadJson["signals"],
    qualification: (lead.qualification ?? null) as LeadJson["qualification"],
    created_at: lead.createdAt.toISOString(),
    updated_at: lead.updatedAt.toISOString(),
  };
}
