import type { SeedEvalCase, SeedEvalSet } from "./types";

// draft_email: a lead, its signals and the offer, with what the draft must do: name the lead and
// company when known, mention the buying signal when there is one, speak about the offer when the
// case asks for it, stay under the word limit, and name no company, person or number that is not
// in the input, the offer or the prompt.

type Row = [first: string | null, company: string | null, title: string | null, industry: string | null, intent: string[], mustAlso: string[]];

const ROWS: Row[] = [
  ["Dana", "Northwind Cloud", "VP Engineering", "SaaS", ["hiring"], ["hiring"]],
  ["Li", "Kontora", "CTO", "Fintech", ["recently_funded"], ["funding"]],
  ["Sam", "Bitforge", "Founder", "Developer tools", [], []],
  ["Ana", "Quillo", "VP Marketing", "SaaS", ["evaluating_vendors"], ["evaluating vendors"]],
  ["Mo", "Relaybase", "Engineering Manager", "SaaS", ["expanding"], ["expanding"]],
  ["Jo", "Maplecore", "Director of Sales", "SaaS", [], ["Pipewise"]],
  ["Kit", "Tulpcloud", "Chief Revenue Officer", "Cloud", ["migrating"], ["migration"]],
  ["Ravi", "Granite Labs", "CEO", "Software", [], ["Pipewise"]],
  ["Eve", "Penny Rails", "Head of Data", "Fintech", ["hiring"], ["hiring", "Pipewise"]],
  ["Ola", "Fundwise", "Product Lead", "Fintech", [], []],
  [null, "Orbital Apps", "Director of Engineering", "Software", [], []],
  ["Tom", null, "Head of Platform", "Software", [], []],
  ["Ivy", "Cumulus Stack", null, "Cloud", [], []],
  ["Ben", "Loonie Pay", "Head of Engineering", null, [], []],
  [null, null, "CTO", "SaaS", [], []],
  ["Ali", null, null, null, [], []],
  [null, "Formstack Nine", null, null, [], []],
  ["Pat", "Steelworks Robotics", "VP Engineering", "Manufacturing", ["hiring"], ["hiring"]],
  ["Uma", "Solana Apps", "Head of Growth", "SaaS", ["expanding"], ["Pipewise"]],
  ["Lee", "Tinybird Works", "CTO", "SaaS", ["recently_funded"], ["funding", "Pipewise"]],
  ["Gus", "Dinedash", "VP Sales", "Food delivery", [], []],
  ["Ria", "Harbor Hotels", "Director of Operations", "Hospitality", [], []],
  ["Kim", "Ledgerline", "Head of Platform", "Software", ["migrating"], ["migration"]],
  ["Nat", "Kontora", "Platform Lead", "Fintech", [], ["Pipewise"]],
  ["Raj", "Northwind Cloud", "Director of Product", "SaaS", ["evaluating_vendors"], ["evaluating vendors"]],
  ["Zoe", "Bitforge", "Head of Data", "Developer tools", [], []],
  ["Hal", "Quillo", "Chief Marketing Officer", "SaaS", ["hiring"], ["hiring"]],
  ["Cy", "Tulpcloud", "Head of People", "Cloud", [], ["Pipewise"]],
  ["Ed", "Orbital Apps", "Founder", "Software", ["expanding"], ["expanding"]],
  ["Flo", "Cumulus Stack", "Data Engineer", "Cloud", [], []],
  ["Gia", "Fundwise", "CFO", "Fintech", ["recently_funded"], ["funding"]],
  ["Dan", "Ledgerline", "CEO", "Software", [], ["Pipewise"]],
  ["Amy", "Steelworks Robotics", "SVP Partnerships", "Manufacturing", [], []],
  ["Joe", "Loonie Pay", "Director of Sales", "Fintech", ["evaluating_vendors"], ["evaluating vendors", "Pipewise"]],
  ["Liz", "Formstack Nine", "VP Product", "SaaS", [], []],
  ["Ken", "Bitforge", "Co-founder", "Developer tools", ["hiring"], ["hiring"]],
  ["Val", "Solana Apps", "Account Executive", "SaaS", [], []],
  ["Tess", "Northwind Cloud", "Head of Customer Success", "SaaS", [], ["Pipewise"]],
  ["Noa", "Kontora", "Head of Security", "Fintech", ["migrating"], ["migration"]],
  ["Max", "Granite Labs", "Director of Engineering", "Software", ["expanding"], []],
  ["Sue", "Penny Rails", "COO", "Fintech", [], []],
];

function toCase([first, company, title, industry, intent, mustAlso]: Row, index: number): SeedEvalCase {
  const who = [first ?? "(no first name)", company ? `at ${company}` : "(no company)"].join(" ");
  return {
    name: `#${index + 1} ${who}${intent.length ? `, ${intent[0].replaceAll("_", " ")}` : ""}`,
    input: { lead: { first_name: first, last_name: first ? "Morgan" : null, company, title, industry }, signals: { intent } },
    expect: {
      draft: {
        must_mention: [...(first ? [first] : []), ...(company ? [company] : []), ...mustAlso],
        forbidden: ["undefined", "null", "{{", "Hi ,", "guarantee", "As at"],
        max_words: 120,
        no_invented_facts: true,
      },
    },
  };
}

// Openers (draft_email v1.4.0 and later): the draft opens with the strongest fact about the lead,
// a note first, then a free-text CSV column (a recent event), then a buying signal, said to the
// reader in its own words: the opening line names the fact, the note is never pasted whole (nor its
// "she"/"their" kept), nothing is invented, and no draft says "because of your role" or "I work on".
type OpenerRow = {
  name: string;
  lead: {
    first_name: string | null;
    company: string | null;
    title: string | null;
    industry: string | null;
    notes?: string;
    attributes?: Record<string, string>;
  };
  intent?: string[];
  opens: string[];
  never?: string[];
};

const OPENERS: OpenerRow[] = [
  {
    name: "job ad note",
    lead: {
      first_name: "Dana",
      company: "Bright Smiles Dental",
      title: "Practice Manager",
      industry: "Dental",
      notes: "Job ad mentions chasing unpaid balances",
    },
    opens: ["your job ad", "chasing unpaid balances"],
  },
  {
    name: "posted about a pain",
    lead: { first_name: "Omar", company: "ClaimRight Clinic", title: "Office Manager", industry: "Healthcare", notes: "Posted about insurance claim delays" },
    opens: ["you posted", "insurance claim delays"],
  },
  {
    name: "two facts, the event first",
    lead: { first_name: "Lena", company: "Northwind Cloud", title: "VP Engineering", industry: "SaaS", notes: "Hiring two platform engineers. Uses AWS." },
    opens: ["hiring two platform engineers"],
    never: ["Hiring two platform engineers. Uses AWS"],
  },
  {
    name: "funding round in the note",
    lead: { first_name: "Raj", company: "Kontora", title: "CFO", industry: "Fintech", notes: "Raised a Series A in March" },
    opens: ["raised a Series A in March"],
  },
  {
    name: "met at an event",
    lead: { first_name: "Mia", company: "Quillo", title: "VP Marketing", industry: "SaaS", notes: "Met at SaaStr 2026" },
    opens: ["SaaStr 2026"],
    never: ["Met at SaaStr 2026."],
  },
  {
    name: "she posted, said to her",
    lead: { first_name: "Ola", company: "Harbor Dental", title: "Owner", industry: "Dental", notes: "She posted on LinkedIn about patient no-shows" },
    opens: ["you posted", "patient no-shows"],
    never: ["she posted"],
  },
  {
    name: "their website, said as yours",
    lead: { first_name: "Ben", company: "Smile Studio", title: "Practice Owner", industry: "Dental", notes: "Their website lists three clinics" },
    opens: ["your website", "three clinics"],
    never: ["their website"],
  },
  {
    name: "a topic without a verb",
    lead: { first_name: "Ivy", company: "Cumulus Stack", title: "Head of Finance", industry: "Cloud", notes: "Insurance claim delays" },
    opens: ["insurance claim delays"],
  },
  {
    name: "interested in something",
    lead: { first_name: "Tom", company: "Ledgerline", title: "Controller", industry: "Software", notes: "Interested in automating invoice reminders" },
    opens: ["interested in automating invoice reminders"],
  },
  {
    name: "a second location",
    lead: {
      first_name: "Zoe",
      company: "Bright Smiles Dental",
      title: "Practice Manager",
      industry: "Dental",
      notes: "Clinic opened a second location in Leeds",
    },
    opens: ["second location in Leeds"],
  },
  {
    name: "two clauses, the first taken",
    lead: { first_name: "Kim", company: "Penny Rails", title: "COO", industry: "Fintech", notes: "Looking for a new billing tool; budget approved in Q1" },
    opens: ["looking for a new billing tool"],
    never: ["tool; budget"],
  },
  {
    name: "featured in the press",
    lead: { first_name: "Hal", company: "Granite Labs", title: "CEO", industry: "Software", notes: "Was featured in TechCrunch last week" },
    opens: ["featured in TechCrunch"],
    never: ["Was featured"],
  },
  {
    name: "expanding abroad",
    lead: { first_name: "Eve", company: "Relaybase", title: "Head of Sales", industry: "SaaS", notes: "Expanding to Germany next year" },
    opens: ["expanding to Germany"],
  },
  {
    name: "complained in public",
    lead: { first_name: "Sam", company: "Tulpcloud", title: "VP Sales", industry: "Cloud", notes: "Complained about the cost of their current CRM on Twitter" },
    opens: ["cost of your current CRM"],
    never: ["their current CRM"],
  },
  {
    name: "a post about staffing",
    lead: {
      first_name: "Gus",
      company: "Maplecore",
      title: "Head of Operations",
      industry: "SaaS",
      notes: "LinkedIn post says they are short-staffed at reception",
    },
    opens: ["short-staffed at reception"],
    never: ["they are short-staffed"],
  },
  {
    name: "a long note, cut to its point",
    lead: {
      first_name: "Ria",
      company: "Harbor Hotels",
      title: "Director of Operations",
      industry: "Hospitality",
      notes: "Manages three hotels across Kent and worries about late payments, which are up this year and cost a lot",
    },
    opens: ["three hotels across Kent"],
    never: ["which are up this year"],
  },
  {
    name: "a bulleted note about a talk",
    lead: {
      first_name: "Ken",
      company: "Bitforge",
      title: "Co-founder",
      industry: "Developer tools",
      notes: "- Spoke with him at the DevTools Summit about onboarding",
    },
    opens: ["DevTools Summit"],
    never: ["- Spoke", "with him"],
  },
  {
    name: "a quote from a call",
    lead: {
      first_name: "Pat",
      company: "Steelworks Robotics",
      title: "Head of Finance",
      industry: "Manufacturing",
      notes: '"We are drowning in paperwork", said on a call',
    },
    opens: ["drowning in paperwork"],
    never: ['"We are'],
  },
  {
    name: "he is hiring",
    lead: { first_name: "Joe", company: "Loonie Pay", title: "Director of Sales", industry: "Fintech", notes: "He is hiring three account executives" },
    opens: ["you are hiring three account executives"],
    never: ["he is"],
  },
  {
    name: "a recent event column",
    lead: {
      first_name: "Noa",
      company: "Coastal Dental",
      title: "Practice Manager",
      industry: "Dental",
      attributes: { recent_event: "Announced a merger with Seaside Dental Group" },
    },
    opens: ["merger with Seaside Dental Group"],
  },
  {
    name: "a note beats a signal",
    lead: { first_name: "Max", company: "Northwind Cloud", title: "CTO", industry: "SaaS", notes: "Posted about on-call burnout" },
    intent: ["hiring"],
    opens: ["on-call burnout"],
  },
  {
    name: "a signal without a note",
    lead: { first_name: "Uma", company: "Solana Apps", title: "Head of Growth", industry: "SaaS" },
    intent: ["recently_funded"],
    opens: ["Solana Apps recently raised funding"],
  },
  {
    name: "an empty note opens plainly",
    lead: { first_name: "Liz", company: "Formstack Nine", title: "VP Product", industry: "SaaS", notes: "n/a" },
    opens: ["Formstack Nine"],
    never: ["n/a"],
  },
  {
    name: "a title and company, no fact",
    lead: { first_name: "Ana", company: "Kontora", title: "Head of Data", industry: "Fintech" },
    opens: ["Kontora"],
    never: ["your role", "Head of Data"],
  },
  { name: "nothing but a first name", lead: { first_name: "Cy", company: null, title: null, industry: null }, opens: [] },
  // Issue 36 (draft_email v1.5.0): an adverb before the verb is said to the reader too, and no
  // draft tells the lead our targeting (the offer's audience).
  {
    name: "an adverb and a verb",
    lead: { first_name: "Ines", company: "Ledgerline", title: "CTO", industry: "Software", notes: "Just moved their payments stack to Kubernetes" },
    opens: ["you just moved your payments stack"],
    never: ["that Just moved", "revenue teams at software companies"],
  },
  {
    name: "never our targeting",
    lead: { first_name: "Hal", company: "Quillo", title: "CMO", industry: "SaaS", notes: "Posted about slow lead research" },
    opens: ["slow lead research"],
    never: ["is built for", "revenue teams at software companies"],
  },
];

function openerCase({ name, lead, intent, opens, never }: OpenerRow): SeedEvalCase {
  return {
    name: `opener: ${name}`,
    input: { lead: { ...lead, last_name: lead.first_name ? "Reyes" : null }, signals: { intent: intent ?? [] } },
    expect: {
      draft: {
        must_mention: [...(lead.first_name ? [lead.first_name] : []), ...(lead.company ? [lead.company] : [])],
        ...(opens.length ? { opening_mentions: opens } : {}),
        forbidden: ["because of your role", "I work on", "reaching out", "undefined", "{{", "Notes:", ...(never ?? [])],
        max_words: 120,
        no_invented_facts: true,
      },
    },
  };
}

export const DRAFT_EMAIL_SET: SeedEvalSet = {
  ref: "evals/draft_email",
  stage: "draft_email",
  name: "draft_email: first outreach",
  description:
    "Leads with and without names, companies, titles, buying signals and notes, written for the Pipewise offer. Some cases ask the draft to speak about the offer; the opener cases ask it to open with the lead's note, event or signal in its own words.",
  context: {
    offer: {
      product: "Pipewise",
      audience: "revenue teams at software companies",
      value_propositions: ["It qualifies every lead against your profile and drafts a first email that a person approves."],
      proof_points: ["Teams using it spend half as long on lead research."],
      call_to_action: "Would a 15-minute call next week be useful?",
      sender_name: "Maya Chen",
      sender_title: "Head of Partnerships",
    },
    sender_name: "Maya Chen",
  },
  cases: [...ROWS.map(toCase), ...OPENERS.map(openerCase)],
};
