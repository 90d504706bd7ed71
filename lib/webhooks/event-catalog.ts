import { EVENT_TYPES, type EventType } from "@/lib/webhooks/event-types";

// What each webhook event means and what its `data` holds: the reader's side of contract §7, shown
// on /docs/api. A pure module. `event-catalog.test.ts` keeps it in step with EVENT_TYPES.

export type EventField = { name: string; type: string; description: string };
export type EventDoc = { type: EventType; when: string; data: EventField[] };

const lead = { name: "lead_id", type: "string", description: "The lead (lead_…)" };
const run = { name: "run_id", type: "string", description: "The run the lead went through (run_…)" };
const draft = { name: "draft_id", type: "string", description: "The draft (drf_…)" };
const reviewer = { name: "reviewer", type: "string", description: "The reviewing user's id (usr_…)" };
const campaign = { name: "campaign_id", type: "string", description: "The campaign (cmp_…)" };
const campaignName = { name: "name", type: "string", description: "The campaign's name" };
const campaignReviewer = { name: "reviewer", type: "string", description: "The reviewer's name" };

const CATALOG: Record<EventType, Omit<EventDoc, "type">> = {
  "lead.qualified": {
    when: "qualify accepted the lead",
    data: [lead, run, { name: "score", type: "number", description: "0–100" }, { name: "reasons", type: "string[]", description: "Why it qualified" }],
  },
  "lead.rejected": {
    when: "a stage ended the lead: a pack rule, qualify, the relay or the suppression list",
    data: [lead, run, { name: "stage", type: "string", description: "extract_signals, qualify, draft_email or send" }, { name: "reason", type: "{code, message}", description: "A stable code and a sentence" }],
  },
  "draft.ready": {
    when: "draft_email wrote a draft that waits for review",
    data: [lead, draft, { name: "review_url", type: "string", description: "The draft's page in the web app" }, run],
  },
  "draft.approved": {
    when: "a reviewer approved a draft (the send follows)",
    data: [lead, draft, run, reviewer, { name: "edited", type: "boolean", description: "Whether the reviewer changed subject or body" }],
  },
  "draft.rejected": {
    when: "a reviewer rejected a draft",
    data: [lead, draft, run, reviewer, { name: "reason", type: "string", description: "The reviewer's reason" }],
  },
  "send.completed": {
    when: "the customer's relay accepted the email",
    data: [lead, draft, run, { name: "message_id", type: "string", description: "The Message-ID header sent" }, { name: "accepted_at", type: "string (date-time)", description: "When the relay accepted it" }],
  },
  "reply.received": {
    when: "a reply to a sent email was classified by track",
    data: [
      lead, draft, run, { name: "reply_id", type: "string", description: "The reply (rpl_…)" },
      { name: "classification", type: "string", description: "interested, meeting_request, question, not_interested, out_of_office, wrong_person, unsubscribe, bounce or other" },
      { name: "confidence", type: "number", description: "0–1" }, { name: "received_at", type: "string (date-time)", description: "When the reply arrived" },
    ],
  },
  "campaign.approved": {
    when: "a reviewer approved a campaign's prompt set",
    data: [campaign, campaignName, campaignReviewer, { name: "set_hash", type: "string", description: "The hash of the approved prompt set (the approval lapses if it changes)" }],
  },
  "campaign.rejected": {
    when: "a reviewer rejected a campaign",
    data: [campaign, campaignName, campaignReviewer, { name: "reason", type: "string", description: "The reviewer's reason" }],
  },
};

export function eventCatalog(): EventDoc[] {
  return EVENT_TYPES.map((type) => ({ type, ...CATALOG[type] }));
}
