import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { from as copyFrom } from "pg-copy-streams";
import type { LeadRow } from "@/lib/imports/columns";
import { sqlTransaction } from "@/lib/db";
import { newId } from "@/lib/ids";
import { RUN_LEAD_STATE } from "@/lib/statuses";

// Writes a batch of imported leads: COPY into a per-connection temporary table (the fastest way
// into PostgreSQL), then one statement upserts the leads by lower-cased email (a known lead joins
// the run unchanged) and adds them to the run. One transaction; safe to repeat.

const STAGING = `CREATE TEMP TABLE IF NOT EXISTS lead_import (
  run_lead_id text, id text, email text, email_lower text, first_name text, last_name text, company text, title text,
  domain text, website text, linkedin_url text, country text, employees int, industry text, notes text, attributes jsonb,
  time_zone text
) ON COMMIT DELETE ROWS`;

/** A value in COPY's text format: \N for null; backslash, tab, newline and carriage return escaped. */
function copyValue(value: string | number | null): string {
  if (value === null) return "\\N";
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r")) : text;
}

function copyText(rows: LeadRow[]): string {
  let text = "";
  for (const row of rows) {
    text +=
      [
        newId("rle"),
        newId("lead"),
        row.email,
        row.emailLower,
        row.first_name,
        row.last_name,
        row.company,
        row.title,
        row.domain,
        row.website,
        row.linkedin_url,
        row.country,
        row.employees,
        row.industry,
        row.notes,
        JSON.stringify(row.attributes),
        row.time_zone,
      ]
        .map(copyValue)
        .join("\t") + "\n";
  }
  return text;
}

/** Returns how many leads joined the run for the first time. */
export async function insertLeadBatch(workspaceId: string, runId: string, rows: LeadRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const text = copyText(rows);
  return sqlTransaction(async (client) => {
    await client.query(STAGING);
    await pipeline(Readable.from([text]), client.query(copyFrom("COPY lead_import FROM STDIN")));
    const joined = await client.query(
      `WITH upserted AS (
         INSERT INTO leads (id, "workspaceId", email, "emailLower", "firstName", "lastName", company, title, domain, website,
                            "linkedinUrl", country, employees, industry, notes, attributes, "timeZone", "createdAt", "updatedAt")
         SELECT id, $1, email, email_lower, first_name, last_name, company, title, domain, website,
                linkedin_url, country, employees, industry, notes, attributes, time_zone, now(), now()
           FROM lead_import
         ON CONFLICT ("workspaceId", "emailLower") DO UPDATE SET "emailLower" = EXCLUDED."emailLower"
         RETURNING id, "emailLower")
       INSERT INTO run_leads (id, "workspaceId", "runId", "leadId", state, "updatedAt")
       SELECT s.run_lead_id, $1, $2, u.id, $3, now() FROM upserted u JOIN lead_import s ON s.email_lower = u."emailLower"
       ON CONFLICT ("runId", "leadId") DO NOTHING`,
      [workspaceId, runId, RUN_LEAD_STATE.pending],
    );
    return joined.rowCount ?? 0;
  });
}
