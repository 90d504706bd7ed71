import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { ListQuery } from "@/lib/http/pagination";
import { LeadIdParams, pageOf } from "@/lib/api/schemas";
import { createLead, CreateLeadBody } from "@/lib/leads/create-lead";
import { getLead } from "@/lib/leads/get-lead";
import { listLeads } from "@/lib/leads/list-leads";
import { LeadSchema } from "@/lib/leads/present-lead";

const LeadsQuery = ListQuery.extend({
  status: LeadSchema.shape.status.optional(),
  email: z.string().max(320).optional(),
  run_id: z.string().max(40).optional(),
});

export const listLeadsOperation = defineOperation({
  id: "listLeads",
  method: "GET",
  path: "/leads",
  tag: "Leads",
  role: "viewer",
  summary: "List leads",
  description: "Newest first. Filter by status, exact email (any case) or run.",
  query: LeadsQuery,
  success: { status: 200, description: "A page of leads", schema: pageOf(LeadSchema, "LeadPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listLeads(auth.workspace.id, query) }),
});

export const createLeadOperation = defineOperation({
  id: "createLead",
  method: "POST",
  path: "/leads",
  tag: "Leads",
  role: "admin",
  summary: "Create a lead",
  description: "Unique per workspace by lower-cased email: a second one is 409 `lead_exists` with `lead_id`.",
  body: CreateLeadBody,
  success: { status: 201, description: "The lead", schema: LeadSchema },
  errors: ["invalid_json", "lead_exists", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    const lead = await createLead(auth.workspace.id, body);
    return { status: 201, body: lead, location: `/v1/leads/${lead.id}` };
  },
});

export const getLeadOperation = defineOperation({
  id: "getLead",
  method: "GET",
  path: "/leads/{id}",
  tag: "Leads",
  role: "viewer",
  summary: "Fetch a lead",
  params: LeadIdParams,
  success: { status: 200, description: "The lead", schema: LeadSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getLead(auth.workspace.id, params.id) }),
});
