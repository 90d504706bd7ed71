import type { SeedEvalCase, SeedEvalSet } from "./types";

// follow_up: a lead, the offer, the step being written and the thread so far (step 1's email, and
// for later steps the follow-ups already sent). What the follow-up must do: greet the lead, keep
// "Re: " + step 1's subject, take its step's angle (2: a proof point the thread has not used yet,
// 3: one question, 4 and later: a polite last note), stay short, never repeat a sentence of the
// first email, never "just bumping this" or "circling back", and name nothing that is not in the
// lead, the offer or the thread.

const PROOFS = ["Teams using it spend half as long on lead research.", "Reviewers approve a whole day's drafts in a few minutes."];
const VALUES = [
  "It qualifies every lead against your profile and drafts a first email that a person approves.",
  "Every prompt change is reviewed before it reaches a lead.",
];

const SIGNAL_LINES: Record<string, (company: string) => string> = {
  hiring: (company) => `I noticed ${company} is hiring.`,
  recently_funded: (company) => `Congratulations on the recent funding round at ${company}.`,
  evaluating_vendors: (company) => `I understand ${company} is evaluating vendors right now.`,
  expanding: (company) => `I saw that ${company} is expanding.`,
  migrating: (company) => `I understand ${company} is in the middle of a migration.`,
};

// How the offer looks for a case: the set's, one without proof points, or one without a product.
type OfferKind = "full" | "no_proof" | "proof_in_first" | "no_product";
type Row = [first: string | null, company: string | null, title: string, intent: string[], step: number, offer: OfferKind];

const ROWS: Row[] = [
  ["Dana", "Northwind Cloud", "VP Engineering", ["hiring"], 2, "full"],
  ["Li", "Kontora", "CTO", ["recently_funded"], 2, "full"],
  ["Sam", "Bitforge", "Founder", [], 2, "full"],
  ["Ana", "Quillo", "VP Marketing", ["evaluating_vendors"], 2, "proof_in_first"],
  ["Mo", "Relaybase", "Engineering Manager", ["expanding"], 2, "no_proof"],
  ["Jo", "Maplecore", "Director of Sales", [], 2, "no_product"],
  [null, "Orbital Apps", "Director of Engineering", [], 2, "full"],
  ["Tom", null, "Head of Platform", [], 2, "full"],
  ["Kit", "Tulpcloud", "Chief Revenue Officer", ["migrating"], 2, "proof_in_first"],
  ["Eve", "Penny Rails", "Head of Data", ["hiring"], 2, "no_proof"],
  ["Uma", "Solana Apps", "Head of Growth", ["expanding"], 2, "full"],
  ["Gia", "Fundwise", "CFO", ["recently_funded"], 2, "no_product"],
  ["Dana", "Northwind Cloud", "VP Engineering", ["hiring"], 3, "full"],
  ["Li", "Kontora", "CTO", ["recently_funded"], 3, "full"],
  ["Sam", "Bitforge", "Founder", [], 3, "full"],
  ["Ana", "Quillo", "VP Marketing", ["evaluating_vendors"], 3, "no_proof"],
  ["Mo", "Relaybase", "Engineering Manager", ["expanding"], 3, "full"],
  ["Kim", "Ledgerline", "Head of Platform", ["migrating"], 3, "proof_in_first"],
  [null, "Cumulus Stack", "Cloud Architect", [], 3, "full"],
  ["Ben", null, "Head of Engineering", ["hiring"], 3, "full"],
  ["Ravi", "Granite Labs", "CEO", [], 3, "no_product"],
  ["Pat", "Steelworks Robotics", "VP Engineering", ["hiring"], 3, "full"],
  ["Ola", "Fundwise", "Product Lead", [], 3, "no_proof"],
  ["Zoe", "Bitforge", "Head of Data", ["evaluating_vendors"], 3, "full"],
  ["Dana", "Northwind Cloud", "VP Engineering", ["hiring"], 4, "full"],
  ["Li", "Kontora", "CTO", ["recently_funded"], 4, "full"],
  ["Sam", "Bitforge", "Founder", [], 4, "no_proof"],
  ["Ana", "Quillo", "VP Marketing", [], 4, "no_product"],
  [null, "Orbital Apps", "Founder", ["expanding"], 4, "full"],
  ["Tom", null, "Head of Platform", [], 4, "full"],
  ["Lee", "Tinybird Works", "CTO", ["recently_funded"], 5, "full"],
  ["Hal", "Quillo", "Chief Marketing Officer", ["hiring"], 5, "proof_in_first"],
  ["Raj", "Northwind Cloud", "Director of Product", ["evaluating_vendors"], 6, "full"],
  ["Noa", "Kontora", "Head of Security", ["migrating"], 6, "no_proof"],
  ["Ed", "Orbital Apps", "Founder", [], 7, "full"],
  ["Gus", "Dinedash", "VP Sales", [], 8, "full"],
  ["Ria", "Harbor Hotels", "Director of Operations", [], 2, "full"],
  ["Joe", "Loonie Pay", "Director of Sales", ["evaluating_vendors"], 2, "full"],
  ["Liz", "Formstack Nine", "VP Product", [], 3, "full"],
  ["Max", "Granite Labs", "Director of Engineering", ["expanding"], 4, "no_proof"],
  ["Sue", "Penny Rails", "COO", [], 3, "proof_in_first"],
  ["Flo", "Cumulus Stack", "Data Engineer", [], 2, "no_product"],
];

function offerFor(kind: OfferKind) {
  if (kind === "no_proof") return { proof_points: [], value_propositions: VALUES };
  if (kind === "no_product") return { product: "", audience: "" };
  return undefined;
}

/** Step 1's email as it was sent: the first email the follow-ups refer back to. */
function firstEmail(first: string | null, company: string | null, intent: string[], kind: OfferKind) {
  const product = kind === "no_product" ? null : "Pipewise";
  const signal = company && intent[0] ? SIGNAL_LINES[intent[0]](company) : "";
  const lines = [
    first ? `Hi ${first},` : "Hello,",
    "",
    signal,
    product ? `I work on ${product}. It is built for revenue teams at software companies.` : "",
    VALUES[0],
    kind === "proof_in_first" ? PROOFS[0] : "",
    "",
    "Would a 15-minute call next week be useful?",
    "",
    "Best,",
    "Maya Chen",
  ].filter((line, index, all) => line !== "" || (all[index - 1] ?? "") !== "");
  const subject = product ? `${product} for ${company ?? "your team"}` : `A note for ${company ?? "your team"}`;
  return { subject, body: lines.join("\n") };
}

/** The follow-ups already sent before this step (written as a person would, for the thread). */
function earlierFollowUps(first: string | null, subject: string, step: number) {
  const notes = [
    `${first ? `Hi ${first}` : "Hello"},\n\nA short addition to my first email: the review step is the part most teams ask about.\n\nBest,\nMaya Chen`,
    `${first ? `Hi ${first}` : "Hello"},\n\nA question for you: who owns outbound on your side?\n\nBest,\nMaya Chen`,
  ];
  return Array.from({ length: step - 2 }, (_, index) => ({ subject: `Re: ${subject}`, body: notes[index % notes.length] }));
}

const NEVER = ["just bumping", "bumping this", "circling back", "checking in", "touching base", "undefined", "null", "{{", "Hi ,"];

function toCase([first, company, title, intent, step, kind]: Row, index: number): SeedEvalCase {
  const email = firstEmail(first, company, intent, kind);
  const thread = [email, ...earlierFollowUps(first, email.subject, step)];
  // The angle each step must take.
  const angle =
    step === 2
      ? kind === "no_proof"
        ? [VALUES[1]] // no proof point: the value the first email did not use
        : [kind === "proof_in_first" ? PROOFS[1] : PROOFS[0]]
      : step === 3
        ? ["?"]
        : ["last note"];
  // Never a sentence of the first email again (its value line, its proof point when it had one, its ask).
  const repeats = [VALUES[0], "Would a 15-minute call", ...(kind === "proof_in_first" ? [PROOFS[0]] : [])];
  const who = [first ?? "(no first name)", company ? `at ${company}` : "(no company)"].join(" ");
  return {
    name: `#${index + 1} step ${step}, ${who}${kind === "full" ? "" : `, ${kind.replaceAll("_", " ")}`}`,
    input: {
      lead: { first_name: first, last_name: first ? "Morgan" : null, company, title },
      signals: { intent },
      ...(offerFor(kind) ? { offer: offerFor(kind) } : {}),
      step,
      thread,
    },
    expect: {
      draft: {
        must_mention: [`Re: ${email.subject}`, ...(first ? [first] : []), ...(company ? [company] : []), ...angle],
        forbidden: [...NEVER, ...repeats],
        max_words: 90,
        no_invented_facts: true,
      },
    },
  };
}

export const FOLLOW_UP_SET: SeedEvalSet = {
  ref: "evals/follow_up",
  stage: "follow_up",
  name: "follow_up: later steps of a sequence",
  description:
    "Steps 2 to 8 for leads with and without names, companies and buying signals, each with the thread so far. A follow-up keeps the thread's subject, takes its step's angle (a proof point, a question, a last note) and repeats nothing of the first email.",
  context: {
    offer: {
      product: "Pipewise",
      audience: "revenue teams at software companies",
      value_propositions: VALUES,
      proof_points: PROOFS,
      call_to_action: "Would a 15-minute call next week be useful?",
      sender_name: "Maya Chen",
      sender_title: "Head of Partnerships",
    },
    sender_name: "Maya Chen",
  },
  cases: ROWS.map(toCase),
};
