// Shipped versions of the machine-stage prompts, of follow_up (a campaign's later steps, contract §12) and of
// reply (answers to replies, contract §13). Texts really differ between versions so
// history and diffs mean something. The newest version of each is production.

export type SeedPromptVersion = {
  version: string;
  shippedAt: string;
  modelDefault: string;
  evalsRef: string;
  system: string;
  userTemplate: string;
};

export const SEED_PROMPTS: Record<string, SeedPromptVersion[]> = {
  extract_signals: [
    {
      version: "v1.0.0",
      shippedAt: "2026-06-02T09:00:00.000Z",
      modelDefault: "local/leadpipe-1",
      evalsRef: "evals/extract_signals",
      system: "You read one B2B lead record and extract buying signals.\nAnswer with JSON only.",
      userTemplate:
        'Lead: {{first_name}} {{last_name}}, {{title}} at {{company}}.\nIndustry: {{industry}}. Employees: {{employees}}.\n\nReturn {"seniority": string, "department": string, "company_size": string}.',
    },
    {
      version: "v1.1.0",
      shippedAt: "2026-08-11T09:00:00.000Z",
      modelDefault: "local/leadpipe-1",
      evalsRef: "evals/extract_signals",
      system:
        "You read one B2B lead record and extract buying signals.\nUse only facts present in the record; never guess a value that is not there.\nAnswer with JSON only.",
      userTemplate:
        'Lead: {{first_name}} {{last_name}}, {{title}} at {{company}} ({{website}}).\nIndustry: {{industry}}. Employees: {{employees}}. Country: {{country}}.\nNotes: {{notes}}\n\nReturn {"seniority": string, "department": string, "company_size": string, "intent": string[]}.',
    },
    {
      version: "v1.2.0",
      shippedAt: "2026-10-20T09:00:00.000Z",
      modelDefault: "local/leadpipe-2",
      evalsRef: "evals/extract_signals",
      system:
        'You read one B2B lead record and extract buying signals for a sales team.\nUse only facts present in the record; never guess a value that is not there.\nIntent signals are short phrases such as "hiring engineers" or "evaluating vendors".\nAnswer with JSON only.',
      userTemplate:
        'Lead: {{first_name}} {{last_name}}, {{title}} at {{company}} ({{website}}).\nIndustry: {{industry}}. Employees: {{employees}}. Country: {{country}}.\nNotes: {{notes}}\n\nReturn {"seniority": string, "department": string, "company_size": string, "intent": string[], "technologies": string[], "confidence": number}.',
    },
  ],
  qualify: [
    {
      version: "v1.0.0",
      shippedAt: "2026-06-02T09:00:00.000Z",
      modelDefault: "local/leadpipe-1",
      evalsRef: "evals/qualify",
      system: "You decide whether a lead fits the ideal customer profile.\nAnswer with JSON only.",
      userTemplate: 'Profile: {{icp}}\nLead: {{title}} at {{company}}, {{industry}}, {{employees}} employees.\n\nReturn {"qualified": boolean}.',
    },
    {
      version: "v1.1.0",
      shippedAt: "2026-08-11T09:00:00.000Z",
      modelDefault: "local/leadpipe-1",
      evalsRef: "evals/qualify",
      system:
        "You decide whether a lead fits the ideal customer profile.\nExplain every decision with short reasons a reviewer can check.\nAnswer with JSON only.",
      userTemplate:
        'Profile: {{icp}}\nLead: {{title}} at {{company}}, {{industry}}, {{employees}} employees, {{country}}.\nSignals: {{signals}}\n\nReturn {"qualified": boolean, "reasons": string[]}.',
    },
    {
      version: "v1.2.0",
      shippedAt: "2026-10-20T09:00:00.000Z",
      modelDefault: "local/leadpipe-2",
      evalsRef: "evals/qualify",
      system:
        "You score how well a lead fits the ideal customer profile, from 0 (no fit) to 100 (perfect fit).\nWeigh title, industry, company size, country and signals as the profile says.\nExplain the score with short reasons a reviewer can check.\nAnswer with JSON only.",
      userTemplate:
        'Profile: {{icp}}\nLead: {{title}} at {{company}}, {{industry}}, {{employees}} employees, {{country}}.\nSignals: {{signals}}\n\nReturn {"score": number, "qualified": boolean, "reasons": string[]}.',
    },
  ],
  draft_email: [
    {
      version: "v1.0.0",
      shippedAt: "2026-06-02T09:00:00.000Z",
      modelDefault: "local/leadpipe-1",
      evalsRef: "evals/draft_email",
      system: "You write a short first outreach email. Plain text, no markdown.\nKeep the subject and body given below; fill in only what is missing.",
      userTemplate:
        "Subject: {{company}} and LeadPipe\n\nHi {{first_name}},\n\nI work with {{industry}} teams like {{company}} on their outbound pipeline.\nWould a 15-minute call next week be useful?\n\nBest,\n{{sender_name}}",
    },
    {
      version: "v1.1.0",
      shippedAt: "2026-08-11T09:00:00.000Z",
      modelDefault: "local/leadpipe-1",
      evalsRef: "evals/draft_email",
      system:
        "You write a short, personal first outreach email. Plain text, no markdown, under 120 words.\nMention one concrete signal about the lead. Keep the structure given below.",
      userTemplate:
        "Subject: Quick question about {{company}}'s outbound\n\nHi {{first_name}},\n\nAs {{title}} at {{company}}, {{signal_sentence}}\nWe help {{industry}} teams turn lead lists into booked meetings without extra headcount.\n\nWorth a 15-minute call next week?\n\nBest,\n{{sender_name}}",
    },
    {
      version: "v1.2.0",
      shippedAt: "2026-10-20T09:00:00.000Z",
      modelDefault: "local/leadpipe-2",
      evalsRef: "evals/draft_email",
      system:
        "You write a short, personal first outreach email. Plain text, no markdown, under 100 words.\nMention one concrete signal about the lead and end with a single, low-effort question.\nNever invent facts. Keep the structure given below.",
      userTemplate:
        "Subject: {{first_name}}, a thought on {{company}}'s pipeline\n\nHi {{first_name}},\n\n{{signal_sentence}}\nTeams like {{company}} use LeadPipe to qualify and draft outreach in minutes, with a human approving every email.\n\nWould it be worth comparing notes for 15 minutes?\n\nBest,\n{{sender_name}}",
    },
    {
      // Writes about the workspace's own offer (GET/PUT /v1/offer, overridable per pack and campaign).
      // A line whose variables have no value is left out, so every combination of missing fields reads well.
      version: "v1.3.0",
      shippedAt: "2026-11-24T09:00:00.000Z",
      modelDefault: "local/leadpipe-2",
      evalsRef: "evals/draft_email",
      system:
        "You write a short, personal first outreach email for the sender's offer. Plain text, no markdown, under 120 words.\nOpen with one concrete fact about the lead, say what the product does for them, back it with a proof point, and end with the call to action.\nUse only facts from the lead and the offer; never invent names, numbers or claims.\nA line whose facts are missing is left out. Keep the structure given below.",
      userTemplate:
        "Subject: {{product}} for {{company}}\n\nHi {{first_name}},\n\n{{signal_sentence}}\nI work on {{product}}.\nIt is built for {{audience}}.\n{{value_proposition}}\n{{proof_point}}\n\n{{call_to_action}}\n\nBest,\n{{sender_name}}\n{{sender_title}}\n{{signature}}",
    },
    {
      // Opens with the strongest fact about the lead ({{opening_line}}: a note, a free-text CSV column
      // such as a recent event, else a buying signal), said to the reader in one of several frames that
      // vary across a run; a plain opener when nothing is known. No "I work on", no "because of your role".
      version: "v1.4.0",
      shippedAt: "2026-11-25T09:00:00.000Z",
      modelDefault: "local/leadpipe-2",
      evalsRef: "evals/draft_email",
      system:
        "You write a short, personal first outreach email for the sender's offer. Plain text, no markdown, under 120 words.\nOpen with the strongest fact about the lead (a note, a recent event, a buying signal) in your own words, addressed to the reader; the opening line given below is one way to say it. Never paste a note whole and never invent a fact; with no fact, open plainly.\nThen say what the product does for them, back it with a proof point, and end with the call to action.\nUse only facts from the lead and the offer; never invent names, numbers or claims.\nA line whose facts are missing is left out. Keep the structure given below.",
      userTemplate:
        "Subject: {{product}} for {{company}}\n\nHi {{first_name}},\n\n{{opening_line}}\n{{product}} is built for {{audience}}.\n{{value_proposition}}\n{{proof_point}}\n\n{{call_to_action}}\n\nBest,\n{{sender_name}}\n{{sender_title}}\n{{signature}}",
    },
    {
      // Worded for the lead (issue 36): the subject from the lead's context ({{subject_line}}), one of
      // the offer's value propositions and one proof point chosen and put to this lead ({{value_line}},
      // {{proof_line}}), each picked by a hash of the lead so a run's drafts differ and a re-run does
      // not. Never the offer's audience: "{{product}} is built for {{audience}}" told the prospect our targeting.
      version: "v1.5.0",
      shippedAt: "2026-11-27T12:00:00.000Z",
      modelDefault: "local/leadpipe-2",
      evalsRef: "evals/draft_email",
      system:
        "You write a short, personal first outreach email for the sender's offer. Plain text, no markdown, under 120 words.\nWrite from the lead: a subject from the lead's context, then open with the strongest fact about the lead (a note, a recent event, a buying signal) in your own words, addressed to the reader; the lines given below are one way to say it. Never paste a note whole and never invent a fact; with no fact, open plainly.\nThen say, in words chosen for this lead, what one of the product's values does for them, back it with one proof point, and end with the call to action. Never tell the lead who the product is built for or whom we target.\nUse only facts from the lead and the offer; never invent names, numbers or claims.\nA line whose facts are missing is left out. Keep the structure given below.",
      userTemplate:
        "Subject: {{subject_line}}\n\nHi {{first_name}},\n\n{{opening_line}}\n{{value_line}}\n{{proof_line}}\n\n{{call_to_action}}\n\nBest,\n{{sender_name}}\n{{sender_title}}\n{{signature}}",
    },
  ],
  track: [
    {
      version: "v1.0.0",
      shippedAt: "2026-06-02T09:00:00.000Z",
      modelDefault: "local/leadpipe-1",
      evalsRef: "evals/track",
      system: "You classify a reply to an outreach email.\nCategories: interested, not_interested, out_of_office, other.\nAnswer with JSON only.",
      userTemplate: 'Subject: {{subject}}\n\n{{text}}\n\nReturn {"classification": string}.',
    },
    {
      version: "v1.1.0",
      shippedAt: "2026-08-11T09:00:00.000Z",
      modelDefault: "local/leadpipe-1",
      evalsRef: "evals/track",
      system:
        "You classify a reply to an outreach email.\nCategories: interested, not_interested, out_of_office, wrong_person, unsubscribe, bounce, other.\nA request to stop emailing is always unsubscribe.\nAnswer with JSON only.",
      userTemplate: 'From: {{from}}\nSubject: {{subject}}\n\n{{text}}\n\nReturn {"classification": string}.',
    },
    {
      version: "v1.2.0",
      shippedAt: "2026-10-20T09:00:00.000Z",
      modelDefault: "local/leadpipe-2",
      evalsRef: "evals/track",
      system:
        "You classify a reply to an outreach email.\nCategories: interested, meeting_request, question, not_interested, out_of_office, wrong_person, unsubscribe, bounce, other.\nA request to stop emailing is always unsubscribe; a delivery failure notice is bounce.\nGive your confidence from 0 to 1.\nAnswer with JSON only.",
      userTemplate: 'From: {{from}}\nSubject: {{subject}}\n\n{{text}}\n\nReturn {"classification": string, "confidence": number}.',
    },
  ],
  reply: [
    {
      // An answer to a lead's reply (contract §13), written for interested, meeting_request and
      // question replies (and on demand for any), reviewed like every draft and sent in the reply's thread.
      version: "v1.0.0",
      shippedAt: "2026-11-27T09:00:00.000Z",
      modelDefault: "local/leadpipe-2",
      evalsRef: "evals/reply",
      system:
        "You answer a lead's reply to an outreach email, in the reply's language. Plain text, no markdown, under 120 words.\nA meeting request gets the call to action or the booking link; never name or accept a date or time yourself, a person confirms it.\nAnswer a question only from the offer's facts; when they do not answer it, say a person will follow up. Never invent a price, a number, a date or a claim.\nAn objection or a refusal is thanked, without pressure.\nSign as the sender. The subject is \"Re: \" and the reply's subject.",
      userTemplate:
        'Answer {{first_name}} {{last_name}}, {{title}} at {{company}}.\nThe reply ({{classification}}), subject "{{reply_subject}}":\n{{reply_text}}\n\nOffer: {{product}} for {{audience}}.\nValue: {{value_propositions}}\nProof points: {{proof_points}}\nCall to action: {{call_to_action}}\nSigned: {{sender_name}}, {{sender_title}}\n{{signature}}\n\nThe thread so far, oldest first (first subject: {{first_subject}}):\n{{thread}}\n\nReturn {"subject": string, "body": string}.',
    },
  ],
  follow_up: [
    {
      // A campaign's later steps (lib/campaigns/steps.ts). Not a stage of the per-run batch: it is
      // rendered with the lead, the offer, the step number and the thread so far.
      version: "v1.0.0",
      shippedAt: "2026-11-25T09:00:00.000Z",
      modelDefault: "local/leadpipe-2",
      evalsRef: "evals/follow_up",
      system:
        'You write a short follow-up in the thread of an outreach email the lead has not answered. Plain text, no markdown, under 90 words.\nRefer back to the first email without repeating it, and take a different angle at each step: step 2 a proof point, step 3 one question, step 4 and later a polite last note.\nNever write "just bumping this", "circling back" or "checking in". Use only facts from the lead, the offer and the thread; never invent names, numbers or claims.\nThe subject is "Re: " and the first email\'s subject.',
      userTemplate:
        'Step {{step}} of the sequence to {{first_name}} {{last_name}}, {{title}} at {{company}} ({{industry}}).\nSignals: {{signals}}\nOffer: {{product}} for {{audience}}.\nValue: {{value_propositions}}\nProof points: {{proof_points}}\nSigned: {{sender_name}}, {{sender_title}}\n\nThe thread so far, oldest first (first subject: {{first_subject}}):\n{{thread}}\n\nReturn {"subject": string, "body": string}.',
    },
    {
      // Signed like the first email (contract §13): the lead's sender's signature lines under the
      // name and title when it has one (issue 33: v1.0.0 never showed {{signature}}).
      version: "v1.1.0",
      shippedAt: "2026-11-27T09:00:00.000Z",
      modelDefault: "local/leadpipe-2",
      evalsRef: "evals/follow_up",
      system:
        'You write a short follow-up in the thread of an outreach email the lead has not answered. Plain text, no markdown, under 90 words before the signature.\nRefer back to the first email without repeating it, and take a different angle at each step: step 2 a proof point, step 3 one question, step 4 and later a polite last note.\nNever write "just bumping this", "circling back" or "checking in". Use only facts from the lead, the offer and the thread; never invent names, numbers or claims.\nSign with the name and title given, then the signature lines exactly as given when there are any.\nThe subject is "Re: " and the first email\'s subject.',
      userTemplate:
        'Step {{step}} of the sequence to {{first_name}} {{last_name}}, {{title}} at {{company}} ({{industry}}).\nSignals: {{signals}}\nOffer: {{product}} for {{audience}}.\nValue: {{value_propositions}}\nProof points: {{proof_points}}\nSigned: {{sender_name}}, {{sender_title}}\nSignature lines (may be empty):\n{{signature}}\n\nThe thread so far, oldest first (first subject: {{first_subject}}):\n{{thread}}\n\nReturn {"subject": string, "body": string}.',
    },
  ],
};
