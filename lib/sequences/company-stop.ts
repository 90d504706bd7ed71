import freeEmailDomains from "free-email-domains";
import { queryIn, type Tx } from "@/lib/db";
import { endSequences } from "@/lib/sequences/end-sequence";
import { SEQUENCE_END_REASON, SEQUENCE_STATUS } from "@/lib/statuses";

// One company, one conversation (contract §13). When a lead replies with any class but
// out_of_office or bounce (nor an automatic answer), every other lead of the same campaign at the
// same address domain ends its sequence `company_replied` (lead.sequence_ended for each; their
// follow-ups not on their way are canceled: lib/sequences/end-sequence.ts), in the transaction that
// records the reply (lib/sequences/stop-rules.ts). Campaigns with `company_stop` false are left
// alone, and so are shared mail domains (gmail.com, outlook.com …: the maintained
// `free-email-domains` list), where one address says nothing of another's company.

const SHARED_DOMAINS = new Set<string>(freeEmailDomains);
/** Classes that are not a person's answer for the company. */
const NOT_A_COMPANY_ANSWER = new Set(["out_of_office", "bounce", "auto_reply"]);

export const isSharedMailDomain = (domain: string) => SHARED_DOMAINS.has(domain.toLowerCase());
export const answersForCompany = (classification: string) => !NOT_A_COMPANY_ANSWER.has(classification);

/** Ends the sequences of the colleagues (same campaign, same company domain) of these replying run leads. Answers how many ended. */
export async function endCompanySequences(tx: Tx, runLeadIds: readonly string[]): Promise<number> {
  if (!runLeadIds.length) return 0;
  const replying = await queryIn<{ campaignId: string; leadId: string; domain: string }>(
    tx,
    `SELECT r."campaignId", l.id AS "leadId", lower(split_part(l."emailLower", '@', 2)) AS domain
       FROM run_leads rl JOIN runs r ON r.id = rl."runId" JOIN leads l ON l.id = rl."leadId" JOIN campaigns c ON c.id = r."campaignId"
      WHERE rl.id = ANY($1) AND c."companyStop"`,
    [runLeadIds],
  );
  const companies = replying.filter((row) => row.domain && !isSharedMailDomain(row.domain));
  if (!companies.length) return 0;
  const colleagues = await queryIn<{ id: string }>(
    tx,
    `SELECT rl.id FROM unnest($1::text[], $2::text[], $3::text[]) AS v(campaign, lead, domain)
       JOIN runs r ON r."campaignId" = v.campaign AND r.steps IS NOT NULL
       JOIN run_leads rl ON rl."runId" = r.id
       JOIN leads l ON l.id = rl."leadId"
      WHERE l.id <> v.lead AND l.id <> ALL($4) AND split_part(l."emailLower", '@', 2) = v.domain AND rl."sequenceStatus" IS DISTINCT FROM $5`,
    [
      companies.map((row) => row.campaignId),
      companies.map((row) => row.leadId),
      companies.map((row) => row.domain),
      companies.map((row) => row.leadId),
      SEQUENCE_STATUS.finished,
    ],
  );
  return endSequences(
    tx,
    colleagues.map((row) => row.id),
    SEQUENCE_END_REASON.company_replied,
  );
}
