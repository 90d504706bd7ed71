import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import type { Signals } from "@/lib/engine/local/signals";
import { statedWordLimit } from "@/lib/engine/local/draft";
import { opening } from "@/lib/engine/local/opener";
import { cleanText, sentence, wordCount } from "@/lib/engine/local/render-lines";
import type { Offer } from "@/lib/offer/offer";

// follow_up, locally (contract §12): a short note in the thread of the first email that reads as a
// person's. It refers back to the first email without repeating it (no sentence of the thread is
// written again), and each step takes its own angle:
//   step 2: a proof point (or a value the first email did not use),
//   step 3: one question about the lead's situation,
//   step 4 and later: a polite last note that leaves the door open.
// Never "just bumping this", "circling back" or "checking in". The subject is "Re: " + step 1's.
// It names only what is in the lead, its signals, the offer and the thread. Deterministic, offline.

export type ThreadMessage = { subject: string; body: string };

export type FollowUpInput = {
  lead: LeadFacts;
  signals: Signals;
  offer: Offer;
  senderName: string;
  /** The step this follow-up is (2 and later). */
  step: number;
  /** The messages already sent to the lead, oldest first (step 1 first). */
  thread: ThreadMessage[];
  /** The prompt's system text: its stated word limit is kept. */
  system: string;
  /** The variables the prompt's user_template names; facts it does not name are not used (null: all). */
  visible?: Set<string> | null;
};

/** "Re: " + the first email's subject (without any "Re: " it already had). */
export function followUpSubject(thread: ThreadMessage[]): string {
  const first = (thread[0]?.subject ?? "").replace(/^\s*(re:\s*)+/i, "").trim();
  return `Re: ${first || "my last note"}`.slice(0, 300);
}

// What the lead is going through, from its buying signals, for the question step.
const SIGNAL_TOPICS: Record<string, string> = {
  hiring: "growing the team",
  recently_funded: "putting the new funding to work",
  evaluating_vendors: "the vendor review",
  expanding: "the expansion",
  migrating: "the migration",
};

const normal = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/** Whether a line (or its first 40 characters) is already in the thread: then it would repeat it. */
const said = (threadText: string, line: string) => threadText.includes(normal(line).slice(0, 40));

/**
 * The first email's hook, as words that follow "When I wrote …": "that you just moved your payments
 * stack", "about insurance claim delays", "after we met at SaaStr". Only when the first email in the
 * thread really opened with that fact (the thread is what the follow-up reads), else "".
 */
export function firstHook(lead: LeadFacts, signals: Signals, thread: ThreadMessage[]): string {
  const open = opening(lead, signals);
  if (!open.fact || !thread[0] || !normal(thread[0].body).includes(normal(open.text))) return "";
  const met = /^we (met|talked|chatted|spoke)\b/.test(open.fact.clause);
  if (met) return `after ${open.fact.clause}`;
  return open.fact.kind === "topic" ? `about ${open.fact.clause}` : `that ${open.fact.clause}`;
}

export function writeFollowUp(input: FollowUpInput): { subject: string; body: string } {
  const sees = (name: string) => !input.visible || input.visible.has(name);
  const value = (name: keyof LeadFacts) => (sees(name) ? String(input.lead[name] ?? "").trim() : "");
  const first = value("first_name");
  const company = value("company");
  const product = sees("product") ? (input.offer.product?.trim() ?? "") : "";
  const sender = sees("sender_name") ? input.senderName.trim() : "";
  const threadText = normal(input.thread.map((message) => message.body).join("\n"));
  const unused = (items: string[]) => items.map((item) => item.trim()).find((item) => item && !said(threadText, item)) ?? "";
  const proofs = sees("proof_point") || sees("proof_points") ? input.offer.proof_points : [];
  const values = sees("value_proposition") || sees("value_propositions") ? input.offer.value_propositions : [];
  const them = company || "your team";

  const lines: string[] = [first ? `Hi ${first},` : "Hello,", ""];
  const step = Math.max(2, Math.floor(input.step));
  // The first email's hook, picked up again (issue 36): "When I wrote that you just moved …".
  const hook = firstHook(input.lead, input.signals, input.thread);
  if (step === 2) {
    const proof = unused(proofs);
    const valueLine = unused(values);
    if (proof) {
      lines.push(hook ? `When I wrote ${hook}, I left one thing out. ${sentence(proof)}` : `I left one thing out of my first email. ${sentence(proof)}`);
      lines.push(`If it would help, I can share how that could look for ${them}.`);
    } else if (valueLine) {
      lines.push(
        hook ? `A different angle from when I wrote ${hook}. ${sentence(valueLine)}` : `A different angle from my first email. ${sentence(valueLine)}`,
      );
      lines.push(`If that is on your list at ${them}, I can share the details.`);
    } else {
      lines.push(
        `A shorter version of my first email: ${product ? `${product} could take some work off your plate` : "I think I can take some work off your plate"}.`,
      );
      lines.push(`If it is useful, I can send a short summary for ${them}.`);
    }
  } else if (step === 3) {
    const intent = Array.isArray(input.signals.intent) ? (input.signals.intent as string[]) : [];
    const topic = sees("signals") || sees("signal_sentence") ? intent.map((label) => SIGNAL_TOPICS[label]).find(Boolean) : undefined;
    const question = topic
      ? `is ${topic} something ${them} wants help with now, or later in the year?`
      : `is this something ${them} is looking at now, or is the timing wrong?`;
    lines.push(
      hook
        ? `Since I wrote ${hook}, one question rather than a longer email: ${question}`
        : `A question, rather than a longer version of my first email: ${question}`,
    );
    lines.push("A one-line answer is plenty, and a no helps me too.");
  } else {
    lines.push(`I will leave it here, so this is my last note${product ? ` about ${product}` : ""}.`);
    lines.push(`If the timing changes at ${them}, my first email has the details and I am easy to reach.`);
    lines.push("Thanks for reading, either way.");
  }
  lines.push("", "Best,");
  if (sender) lines.push(sender);
  // Signed like the first email, by the lead's sender (contract §13): its title and signature lines.
  const title = sees("sender_title") ? (input.offer.sender_title?.trim() ?? "") : "";
  const signature = sees("signature") ? (input.offer.signature?.trim() ?? "") : "";
  if (sender && title) lines.push(title);
  if (sender && signature) lines.push(signature);

  let body = cleanText(lines.join("\n"));
  const limit = statedWordLimit(input.system);
  // The signature's lines (follow_up v1.1.0) are not counted against the limit, and stay when it cuts.
  const signatureWords = sender && signature ? wordCount(signature) : 0;
  if (limit !== null && wordCount(body) - signatureWords > limit) {
    // Keep the greeting, the angle's first line and the sign-off (lines: greeting, blank, angle...).
    body = cleanText([lines[0], "", lines[2], "", "Best,", sender, ...(signatureWords ? [signature] : [])].join("\n"));
  }
  return { subject: followUpSubject(input.thread), body };
}
