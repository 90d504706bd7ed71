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

export const DRAFT_EMAIL_SET: SeedEvalSet = {
  ref: "evals/draft_email",
  stage: "draft_email",
  name: "draft_email: first outreach",
  description:
    "Leads with and without names, companies, titles and buying signals, written for the Pipewise offer. Some cases ask the draft to speak about the offer.",
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
  cases: ROWS.map(toCase),
};
