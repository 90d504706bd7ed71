import { db } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import type { Actor } from "@/lib/audit/record-audit";
import { wordCount } from "@/lib/engine/local/render-lines";
import { CaseInput } from "@/lib/evals/case-schema";
import { addEvalCase, setForRef } from "@/lib/evals/eval-sets";
import { mergeOffers, storedOffer } from "@/lib/offer/offer";
import { conversationOf, threadsOf } from "@/lib/sending/thread";
import { DRAFT_STATUS } from "@/lib/statuses";

// One click on the draft page: a reviewer's edit or rejection becomes a case in the set the draft's
// prompt version names (its evals_ref; the built-in set when the workspace has no own one; the case
// is the workspace's): a draft_email case for a first email, a follow_up case for a follow-up (step 2
// and later, with the step and the thread as it was sent before it: the lead's sent drafts of the
// run, step 1 first), a reply case for an answer to a reply (kind reply: the reply it answers and
// what we had sent the lead by the time the reply came, the newest 7). The case holds the lead, its signals and the run's offer, and what the
// reviewer taught:
// - an edit: the edited draft's length (rounded up to ten words) is the word limit, the names the
//   reviewer kept must be mentioned, and sentences the reviewer deleted must not come back (a first
//   email's text as written is its draft_email trace; a follow-up's or an answer's is not kept, so
//   its case has no deleted sentences);
// - a rejection: the rejected draft's own sentences must not come back, and the reason names the case.
// Both ask for no invented facts.

const GENERIC = /^(hi|hello|dear|best|thanks|regards|cheers)\b/i;

function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 12 && s.length <= 200 && !GENERIC.test(s));
}

export async function caseFromDraft(workspaceId: string, draftId: string, actor: Actor) {
  const draft = await db().draft.findFirst({
    where: { id: draftId, workspaceId },
    include: {
      lead: true,
      promptVersion: { select: { evalsRef: true } },
      run: { include: { workspace: { select: { offer: true } }, pack: { select: { offer: true } }, campaign: { select: { offer: true } } } },
    },
  });
  if (!draft) throw new NotFound("draft");
  if (!draft.edited && draft.status !== DRAFT_STATUS.rejected)
    throw new Conflict("Only a draft a reviewer edited or rejected can become an eval case.", "draft_not_reviewed");
  const stage = draft.kind === "reply" ? "reply" : draft.step > 1 ? "follow_up" : "draft_email";
  const set = await setForRef(workspaceId, draft.promptVersion?.evalsRef ?? `evals/${stage}`);
  if (!set || set.stage !== stage)
    throw new Conflict(`The draft's prompt names no ${stage} eval set (${draft.promptVersion?.evalsRef ?? "none"}).`, "no_eval_set");
  const existing = await db().evalCase.findFirst({ where: { setId: set.id, workspaceId, draftId }, select: { id: true } });
  if (existing) throw new Conflict("This draft is already a case of that set.", "eval_case_exists");

  // The text as written: a first email's draft_email trace; a follow-up's is not kept.
  const trace =
    stage === "draft_email"
      ? await db().stageTrace.findFirst({
          where: { workspaceId, runId: draft.runId, leadId: draft.leadId, stage: "draft_email" },
          orderBy: { id: "desc" },
          select: { output: true },
        })
      : null;
  const original = (trace?.output ?? null) as { body?: string } | null;
  const thread =
    stage === "follow_up"
      ? ((await threadsOf([draft.runLeadId], draft.step)).get(draft.runLeadId) ?? []).map((entry) => ({ subject: entry.subject, body: entry.body }))
      : [];
  const answered = stage === "reply" && draft.replyId ? await db().reply.findUnique({ where: { id: draft.replyId } }) : null;
  if (stage === "reply" && !answered) throw new Conflict("The reply this answer was written for is gone.", "eval_case_invalid");
  const conversation = answered
    ? (await conversationOf(draft.runLeadId, { sentBefore: answered.receivedAt, exceptDraftId: draft.id }))
        .slice(-7)
        .map((m) => ({ subject: m.subject, body: m.body }))
    : [];
  const lead = draft.lead;
  const offer = mergeOffers(draft.run.workspace.offer, draft.run.pack.offer, draft.run.campaign?.offer);
  const input = {
    lead: {
      first_name: lead.firstName,
      last_name: lead.lastName,
      company: lead.company,
      title: lead.title,
      website: lead.website,
      country: lead.country && lead.country.length === 2 ? lead.country : null,
      employees: lead.employees,
      industry: lead.industry,
      notes: lead.notes,
    },
    signals: (lead.signals ?? {}) as Record<string, unknown>,
    offer: Object.fromEntries(Object.entries(storedOffer(offer)).filter(([key]) => key !== "tone")),
    ...(stage === "follow_up" ? { step: draft.step, thread } : {}),
    ...(answered
      ? {
          reply: {
            from: answered.fromEmail,
            subject: answered.subject,
            text: answered.text,
            ...(answered.classification ? { classification: answered.classification } : {}),
          },
          ...(conversation.length ? { thread: conversation } : {}),
        }
      : {}),
  };
  const checkedInput = CaseInput.safeParse(input);
  if (!checkedInput.success) {
    const problem = stage === "follow_up" && thread.length === 0 ? "This follow-up has no sent thread before it" : "This lead's fields or thread are too long";
    throw new Conflict(`${problem} to keep as an eval case.`, "eval_case_invalid");
  }
  const rejected = draft.status === DRAFT_STATUS.rejected;
  const reviewed = `${draft.subject}\n${draft.body}`;
  const forbidden = rejected
    ? sentencesOf(draft.body).slice(0, 3)
    : sentencesOf(original?.body ?? "")
        .filter((sentence) => !draft.body.includes(sentence))
        .slice(0, 5);
  const must = [lead.firstName, lead.company].filter((value): value is string => Boolean(value) && (rejected || reviewed.includes(value!)));
  const expect = {
    draft: {
      ...(must.length ? { must_mention: must } : {}),
      ...(forbidden.length ? { forbidden } : {}),
      ...(rejected ? {} : { max_words: Math.ceil(wordCount(draft.body) / 10) * 10 }),
      no_invented_facts: true,
    },
  };
  const who = [lead.firstName, lead.company].filter(Boolean).join(" at ") || lead.email;
  const at = stage === "follow_up" ? ` step ${draft.step}` : stage === "reply" ? " answer" : "";
  const name = (rejected ? `Rejected${at} for ${who}: ${draft.rejectReason ?? ""}` : `Edited${at} for ${who}`).slice(0, 200);
  const added = await addEvalCase(
    workspaceId,
    set.id,
    { name, input: checkedInput.data, expect, source: rejected ? "review_reject" : "review_edit", draftId },
    actor,
  );
  return { set: { id: set.id, ref: set.ref, name: set.name }, case: added };
}
