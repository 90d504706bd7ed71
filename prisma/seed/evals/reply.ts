import type { SeedEvalCase, SeedEvalSet } from "./types";

// reply (contract §13): an answer to a lead's reply, from the thread and the offer. What it must do:
// keep the thread's subject ("Re: " + the reply's), thank the lead, give a meeting request the call
// to action or booking link without naming a time itself, answer a question only from the offer's
// facts (else say a person follows up), never invent a price, a number or a date, answer a German
// reply in German, and sign as the sender.

type Person = { first_name: string; last_name: string; company: string; title: string };
const PEOPLE: Person[] = [
  { first_name: "Dana", last_name: "Reyes", company: "Northwind Cloud", title: "VP Engineering" },
  { first_name: "Li", last_name: "Wang", company: "Kontora", title: "CTO" },
  { first_name: "Sam", last_name: "Okafor", company: "Bitforge", title: "Founder" },
  { first_name: "Ana", last_name: "Lima", company: "Quillo", title: "VP Marketing" },
  { first_name: "Mo", last_name: "Haddad", company: "Relaybase", title: "Engineering Manager" },
  { first_name: "Eve", last_name: "Novak", company: "Penny Rails", title: "Head of Data" },
  { first_name: "Kit", last_name: "Berg", company: "Tulpcloud", title: "Chief Revenue Officer" },
];
const first = (p: Person) => ({
  subject: `LeadPipe for ${p.company}`,
  body: `Hi ${p.first_name},\n\nLeadPipe is built for B2B sales teams.\n\nWould a 15-minute call next week be useful?\n\nBest,\nMaya Chen`,
});
const NO_INVENTION = ["$", "€", "per month", "discount", "% off", "free trial"];

// Each scenario: the reply, its class (absent: the writer reads it) and the checks.
type Scenario = { name: string; subject?: (p: Person) => string; text: string; classification?: string; expect: (p: Person) => SeedEvalCase["expect"] };
const RE = (p: Person) => `Re: LeadPipe for ${p.company}`;
const SCENARIOS: Scenario[] = [
  {
    name: "interested: thanks, one value and the call to action",
    text: "Sounds interesting, tell me more.",
    classification: "interested",
    expect: (p) => ({
      draft: {
        must_mention: [RE(p), `Hi ${p.first_name}`, "thank you", "cal.example/maya", "Maya Chen"],
        forbidden: NO_INVENTION,
        no_invented_facts: true,
        max_words: 120,
      },
    }),
  },
  {
    name: "meeting request with proposed times: the booking link, no time accepted by the writer",
    text: "Happy to talk. Would Tuesday at 3pm or Thursday at 10am work for you?",
    classification: "meeting_request",
    expect: () => ({
      draft: {
        must_mention: ["cal.example/maya", "confirm", "Maya Chen"],
        forbidden: [...NO_INVENTION, "see you on", "tuesday at 3pm works"],
        no_invented_facts: true,
      },
    }),
  },
  {
    name: "pricing question: no price invented, a person follows up",
    text: "What does it cost for a team of 20?",
    classification: "question",
    expect: () => ({ draft: { must_mention: ["pricing", "personally", "Maya Chen"], forbidden: NO_INVENTION, no_invented_facts: true } }),
  },
  {
    name: "question the offer answers: answered from its facts",
    text: "Does a person approve every email before it goes out?",
    classification: "question",
    expect: () => ({ draft: { must_mention: ["a person approves"], forbidden: NO_INVENTION, no_invented_facts: true } }),
  },
  {
    name: "objection: thanked without pressure",
    text: "We already use another tool for this and are happy with it.",
    classification: "not_interested",
    expect: () => ({
      draft: { must_mention: ["thank you", "Maya Chen"], forbidden: [...NO_INVENTION, "cal.example", "last chance", "limited time"], no_invented_facts: true },
    }),
  },
  {
    name: "a reply in German: answered in German with the booking link",
    subject: (p) => `AW: LeadPipe for ${p.company}`,
    text: "Hallo Maya, das klingt interessant. Können wir nächste Woche einen Termin machen?",
    classification: "meeting_request",
    expect: (p) => ({
      draft: {
        must_mention: [`Hallo ${p.first_name}`, "Vielen Dank", "cal.example/maya", "Viele Grüße", "Maya Chen"],
        forbidden: [...NO_INVENTION, "Thank you", "Best,"],
      },
    }),
  },
];

const CASES: SeedEvalCase[] = PEOPLE.flatMap((p) =>
  SCENARIOS.map((scenario) => ({
    name: `${scenario.name} (${p.first_name} at ${p.company})`,
    input: {
      lead: { ...p, email: `${p.first_name.toLowerCase()}@example.com` },
      thread: [first(p)],
      reply: {
        from: `${p.first_name.toLowerCase()}@example.com`,
        subject: (scenario.subject ?? RE)(p),
        text: scenario.text,
        ...(scenario.classification ? { classification: scenario.classification } : {}),
      },
    },
    expect: scenario.expect(p),
  })),
);

export const REPLY_SET: SeedEvalSet = {
  ref: "evals/reply",
  stage: "reply",
  name: "Answers to replies",
  description:
    "An answer per reply class (interested, a meeting request with proposed times, a pricing question, a question the offer answers, an objection, a German reply): the call to action or booking link for meetings, questions answered only from the offer, no invented price or date, signed by the sender.",
  context: {
    offer: {
      product: "LeadPipe",
      audience: "B2B sales teams",
      value_propositions: ["It qualifies every lead against your profile and drafts a first email that a person approves."],
      proof_points: ["Reviewers approve a whole day's drafts in a few minutes."],
      call_to_action: "Pick a time that suits you: https://cal.example/maya",
      sender_name: "Maya Chen",
      sender_title: "Head of Partnerships",
    },
    sender_name: "Maya Chen",
  },
  cases: CASES,
};
