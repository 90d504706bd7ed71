import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict, NotFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { referralOf } from "@/lib/replies/find-referral";
import { createRun } from "@/lib/runs/create-run";
import type { CreateRunBody } from "@/lib/runs/run-schemas";
import { MAX_RUN_NAME } from "@/lib/runs/run-name";
import { isSuppressed } from "@/lib/suppressions/suppressions";

// Following a referral (contract §13): a `wrong_person` reply that names another address gives
// `referral {email, name}`; a reviewer's one click (POST /replies/{id}/referral) creates that lead,
// or finds it, with `referred_by` the replying lead, and starts a one-lead run of the same campaign
// (the same pack and stop_after), whose first draft may say who referred them
// (`{{referred_by_name}}`, and the local engine's `opening_line`). Audited `reply.referral_followed`.
//
// A second click answers with the lead and run of the first (200, nothing new). The reply row is
// claimed before the run is made, so two clicks at once start one run; a claim left by a crash is
// taken over after a minute.

const CLAIM_TTL_MS = 60_000;

const splitName = (name: string | null) => {
  if (!name) return { firstName: null, lastName: null };
  const [first, ...rest] = name.split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") || null };
};

export type FollowedReferral = { lead_id: string; run_id: string; created: boolean };

export async function followReferral(workspaceId: string, replyId: string, actor: Actor): Promise<FollowedReferral> {
  const reply = await db().reply.findFirst({
    where: { id: replyId, workspaceId },
    include: { lead: true, draft: { include: { run: { include: { pack: { select: { slug: true } } } } } } },
  });
  if (!reply) throw new NotFound("reply");
  if (reply.referralLeadId && reply.referralRunId) return { lead_id: reply.referralLeadId, run_id: reply.referralRunId, created: false };
  const referral = referralOf(reply);
  if (!referral || !reply.lead || !reply.draft)
    throw new Conflict("This reply names no one else to write to (only a wrong_person reply with another address does).", "no_referral");
  if (await isSuppressed(workspaceId, referral.email))
    throw new Conflict(`${referral.email} is on the suppression list: LeadPipe will not write to it.`, "conflict");

  const referrer = reply.lead;
  const leadId = await db().$transaction(async (tx) => {
    // Claim the reply: one click at a time makes the run; a claim older than a minute was a crash.
    const claimed = await tx.$executeRaw`
      UPDATE replies SET "referralClaimedAt" = now()
       WHERE id = ${replyId} AND "referralRunId" IS NULL
         AND ("referralClaimedAt" IS NULL OR "referralClaimedAt" < now() - make_interval(secs => ${CLAIM_TTL_MS / 1000}))`;
    if (!claimed) throw new Conflict("This referral is being followed right now; try again in a moment.", "conflict");
    const emailLower = referral.email.toLowerCase();
    const domain = emailLower.split("@")[1];
    const sameCompany = referrer.emailLower.split("@")[1] === domain;
    const existing = await tx.lead.findUnique({ where: { workspaceId_emailLower: { workspaceId, emailLower } } });
    const lead =
      existing ??
      (await tx.lead.create({
        data: {
          id: newId("lead"),
          workspaceId,
          email: referral.email,
          emailLower,
          ...splitName(referral.name),
          domain,
          referredById: referrer.id,
          timeZone: referrer.timeZone,
          // A colleague at the same address domain works at the same company.
          ...(sameCompany
            ? { company: referrer.company, website: referrer.website, country: referrer.country, employees: referrer.employees, industry: referrer.industry }
            : {}),
        },
      }));
    const link = existing && !existing.referredById && existing.id !== referrer.id;
    if (link) await tx.lead.update({ where: { id: existing.id }, data: { referredById: referrer.id } });
    await tx.reply.update({ where: { id: replyId }, data: { referralLeadId: lead.id } });
    return lead.id;
  });

  const run = reply.draft.run;
  let runId: string;
  try {
    const created = await createRun(
      workspaceId,
      {
        pack: run.pack.slug,
        campaign_id: run.campaignId ?? undefined,
        lead_ids: [leadId],
        stop_after: (run.stopAfter ?? undefined) as CreateRunBody["stop_after"],
        name: `Referral: ${referral.name ?? referral.email} (from ${[referrer.firstName, referrer.lastName].filter(Boolean).join(" ") || referrer.email})`.slice(
          0,
          MAX_RUN_NAME,
        ),
      },
      actor,
    );
    runId = created.id;
  } catch (error) {
    await db().reply.update({ where: { id: replyId }, data: { referralClaimedAt: null } }); // let the next click try again
    throw error;
  }
  await db().$transaction(async (tx) => {
    await tx.reply.update({ where: { id: replyId }, data: { referralRunId: runId } });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "reply.referral_followed",
      target: { type: "reply", id: replyId },
      data: { email: referral.email, name: referral.name, lead_id: leadId, run_id: runId, referred_by: referrer.id },
    });
  });
  return { lead_id: leadId, run_id: runId, created: true };
}
