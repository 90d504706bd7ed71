import { allowedCategories, type ReplyCategory } from "@/lib/replies/categories";
import { stripQuoted } from "@/lib/replies/strip-quoted";
import { outOfOfficeUntil } from "@/lib/engine/local/return-date";

// track, locally: a reply's category by ordered rules, with a confidence computed from the evidence
// (confidenceFrom, below). Only the categories the
// prompt version lists ("Categories: a, b, c.") may come back; anything else becomes "other".
// Only what the person wrote counts: quoted text (our own pitch, with its "reply stop to opt out")
// and signatures are stripped first. Stop-requests and negations ("don't email me", "not
// interested") are matched before the words they contain ("email me", "interested").

export type ReplyClassification = { classification: ReplyCategory; confidence: number; return_date?: string | null };

const CONTACT = String.raw`(e-?mail(ing)?|contact(ing)?|messag(e|ing)|writ(e|ing)( to)?|send(ing)?( me)?|reach(ing)? out( to)?|spam(ming)?|call(ing)?)`;

const RULES: [ReplyCategory, RegExp[]][] = [
  [
    "bounce",
    [
      /\b(undeliverable|undelivered|delivery status notification|address not found|user unknown|no such user|mailbox (is )?(unavailable|full)|delivery has failed|delivery (to the following recipients? )?failed|failure notice|mail delivery (failed|software)|could ?n[o']t be delivered|could not deliver|unable to deliver|recipient ?not ?found|returned mail|permanent fatal error|host unknown|message (was )?rejected|delivery incomplete|message delayed|has not been delivered)\b/,
    ],
  ],
  [
    "unsubscribe",
    [
      new RegExp(String.raw`\b(do ?n[o']?t|do not|never|stop|cease|quit) (ever )?(again )?${CONTACT}\b`),
      new RegExp(String.raw`\b(don'?t|do not|never) ${CONTACT}( me)?( again| anymore| any more)?\b`),
      /\b(unsubscribe|opt (me )?out|remove (me|my (email|address|name))|take (me|my (name|email|address)) off|delete my (email|address|data)|be removed|no more (e-?mails|messages)|leave me alone|stop sending|cease all contact)\b/,
      /\b(do ?n[o']?t|do not) want (to (receive|get|hear)|these|your|any more)\b/,
      /^\s*(please )?stop[.!]*\s*$/m,
    ],
  ],
  [
    "out_of_office",
    [
      /\b(out of (the )?office|ooo|on (annual |parental |sick |maternity |paternity )?(vacation|holiday|leave)|annual leave|away (until|from (the office|my desk))|automatic reply|auto-?reply|autoreply|abwesenheit|automatische antwort|limited access to e-?mail|travell?ing with limited|back on|i'?m off until|i am off until|will (be back|return) on|(i'?m|i am) (currently )?away|(i'?m|i am) at an offsite|(i'?m|i am) out (until|till|of office)|away on business|back \d{1,2} [a-z]+)\b/,
    ],
  ],
  [
    "wrong_person",
    [
      /\b(wrong (person|contact|department|team)|not the (right|best) (person|contact)|no longer (with|works?|at|working|monitored)|left the (company|organi[sz]ation|business)|moved on from|not responsible for|not my (area|department|role)|isn'?t my (area|department)|(talk|speak|reach out) to (our|my) |should go to|try (our|someone|his|her)|contact our head|not the decision maker|don'?t make purchasing|not involved in|nothing to do with|retired|changed roles|don'?t own this|handled by another team|joined a different company|forwarding to someone|don'?t handle)\b/,
    ],
  ],
  [
    "not_interested",
    [
      /\b(not interested|no interest|not (a fit|for us|relevant|a priority|looking)|isn'?t a priority|no thanks|no thank you|not at this time|we'?re (all set|good|happy|set)|we are (all set|happy|not interested|set)|pass on this|i'?ll pass|we'?ll pass|already (use|have|signed)|happy with (our|what)|(do ?n'?t|do not|have no) need|no budget|built our own|not something we|doesn'?t sound like|nope|not going to invest)\b/,
    ],
  ],
  [
    "meeting_request",
    [
      /\b(book a (time|slot)|schedule (a |the )?(call|demo|meeting|time)|set up (a |time|an? )?(call|meeting|time|demo)?|calendar (invite|link)|(send|put) (me )?(an? |the )?(meeting |calendar )?invite|on my calendar|my calendar is|booking link|let'?s (meet|talk|chat|do a|get a call|hop on|find)|lets meet|happy to (meet|jump on)|free (on|for|tomorrow)|available (on|for)|(quick |a )call (this|next)|do a (quick )?call|hop on a call|jump on a call|on zoom|in the diary|grab a slot|propose (a few )?(slots|times)|few times that work|(i have|i'?ve got) time|availability|\bdo a call on|be able to do a call|call would be easiest|\d{1,2}(:\d\d)? ?(am|pm)\b.*\b(works|work)\b|works for me)\b/,
    ],
  ],
  [
    "interested",
    [
      /\b(interested|interesting|intriguing|sounds (good|great|promising)|tell me more|learn more|know more|hear more|more (info|information|details)|send (me |over )?(the |some )?(details|info|pricing|a deck|a case study|a recording)|keen|curious|love the idea|on our radar|count me in|like to try|exactly the problem|could be a fit|could help|send (more|me some)|share (more|a deck)|yes,? please|absolutely)\b/,
    ],
  ],
];

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

const GLOBAL_RULES: [ReplyCategory, RegExp[]][] = RULES.map(([category, patterns]) => [
  category,
  patterns.map((pattern) => new RegExp(pattern.source, `${pattern.flags}g`)),
]);

/** How many phrases of the category the text holds, and the text with them blanked out. */
function evidence(category: ReplyCategory, text: string): { hits: number; rest: string } {
  const patterns = GLOBAL_RULES.find(([name]) => name === category)![1];
  let hits = 0;
  let rest = text;
  for (const pattern of patterns) {
    rest = rest.replace(pattern, (match) => {
      hits += 1;
      return " ".repeat(match.length);
    });
  }
  return { hits, rest };
}

/**
 * The classifier's own figure: more phrases of the winning category raise it, phrases of other
 * categories left once the winner's are blanked out (a reply that is also a question, or also
 * says "not now") lower it. One clear phrase alone gives 0.73; two 0.8; one against one rival 0.61.
 * Always between 0.5 and 0.95 for a rule's answer.
 */
export function confidenceFrom(hits: number, rivals: number): number {
  const strength = hits / (hits + 1);
  const share = hits / (hits + rivals);
  return Math.round(Math.min(0.95, 0.5 + 0.45 * strength * share) * 100) / 100;
}

function ruleAnswer(category: ReplyCategory, text: string): ReplyClassification {
  const { hits, rest } = evidence(category, text);
  const rivals =
    GLOBAL_RULES.filter(([name]) => name !== category).reduce((sum, [name]) => sum + evidence(name, rest).hits, 0) +
    (rest.includes("?") && category !== "question" ? 1 : 0);
  return { classification: category, confidence: confidenceFrom(Math.max(1, hits), rivals) };
}

/** A question and nothing else: 0.55, 0.6, 0.63 … for one, two, three question marks. */
function questionAnswer(body: string): ReplyClassification {
  const marks = Math.min(4, (body.match(/\?/g) ?? []).length);
  return { classification: "question", confidence: Math.round((0.4 + 0.3 * (marks / (marks + 1))) * 100) / 100 };
}

/** Classifies one reply; `receivedAt` anchors the year of an out-of-office return date. */
export function classifyReply(reply: { from?: string; subject?: string; text: string; receivedAt?: Date }, system: string): ReplyClassification {
  const body = normalize(stripQuoted(reply.text));
  const subject = normalize(reply.subject ?? "").replace(/^((re|fwd?|aw|sv|antw?):\s*)+/, "");
  const text = `${subject}\n${body}`;
  const from = (reply.from ?? "").toLowerCase();
  const allowed = allowedCategories(system);
  let found: ReplyClassification = { classification: "other", confidence: 0.3 };
  if (/mailer-daemon|postmaster/.test(from)) found = { classification: "bounce", confidence: 0.95 };
  else {
    const rule = RULES.find(([, patterns]) => patterns.some((pattern) => pattern.test(text)));
    if (rule) found = ruleAnswer(rule[0], text);
    else if (body.includes("?")) found = questionAnswer(body);
  }
  if (found.classification === "out_of_office") found.return_date = outOfOfficeUntil(`${subject}\n${body}`, reply.receivedAt ?? new Date());
  return allowed.includes(found.classification) ? found : { classification: "other", confidence: 0.3 };
}
