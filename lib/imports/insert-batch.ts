import type { LeadRow } from "@/lib/imports/columns";
import { sqlTransaction } from "@/lib/db";
import { newId } from "@/lib/ids";

/**
 * Upserts a batch of leads by lower-cased email (a known lead joins the run unchanged) and adds
 * them to the run. Two set-based statements in one transaction; safe to repeat.
 * Returns how many leads joined the run for the first time.
 */
export async function insertLeadBatch(workspaceId: string, runId: string, rows: LeadRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const column = <K extends keyof LeadRow>(key: K) => rows.map((row) => row[key]);
  return sqlTransaction(async (client) => {
    const leads = await client.query<{ id: string; emailLower: string }>(
      `INSERT INTO leads (id, "workspaceId", email, "emailLower", "firstName", "lastName", company, title, domain, website,
                          "linkedinUrl", country, employees, industry, notes, attributes, "createdAt", "updatedAt")
       SELECT t.id, $1, t.email, t.email_lower, t.first_name, t.last_name, t.company, t.title, t.domain, t.website,
              t.linkedin_url, t.country, t.employees, t.industry, t.notes, t.attributes::jsonb, now(), now()
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                     $10::text[], $11::text[], $12::text[], $13::int[], $14::text[], $15::text[], $16::text[])
           AS t(id, email, email_lower, first_name, last_name, company, title, domain, website, linkedin_url, country,
                employees, industry, notes, attributes)
       ON CONFLICT ("workspaceId", "emailLower") DO UPDATE SET "emailLower" = EXCLUDED."emailLower"
       RETURNING id, "emailLower"`,
      [
        workspaceId, rows.map(() => newId("lead")), column("email"), column("emailLower"), column("first_name"), column("last_name"),
        column("company"), column("title"), column("domain"), column("website"), column("linkedin_url"), column("country"),
        column("employees"), column("industry"), column("notes"), rows.map((row) => JSON.stringify(row.attributes)),
      ],
    );
    const joined = await client.query(
      `INSERT INTO run_leads (id, "workspaceId", "runId", "leadId", state, "updatedAt")
       SELECT t.id, $1, $2, t.lead_id, 'pending', now() FROM unnest($3::text[], $4::text[]) AS t(id, lead_id)
       ON CONFLICT ("runId", "leadId") DO NOTHING`,
      [workspaceId, runId, leads.rows.map(() => newId("rle")), leads.rows.map((lead) => lead.id)],
    );
    return joined.rowCount ?? 0;
  });
}
