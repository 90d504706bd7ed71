import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import type { Signals } from "@/lib/engine/local/signals";

// draft_email, locally: the prompt's user_template rendered with the lead's fields and signals.
// Its first line "Subject: ..." is the subject; the rest, after a blank line, is the body.

const SIGNAL_SENTENCES: Record<string, (lead: LeadFacts) => string> = {
  hiring: (lead) => `I noticed ${lead.company ?? "your team"} is hiring, which usually means the pipeline has to grow too.`,
  recently_funded: (lead) => `Congratulations on the recent funding at ${lead.company ?? "your company"}.`,
  evaluating_vendors: () => "It sounds like you are comparing options for your outbound process right now.",
  expanding: (lead) => `I saw ${lead.company ?? "your company"} is expanding into new markets.`,
  migrating: () => "Moving tools is a good moment to rethink how leads are qualified.",
  pain_point: () => "Manual lead research is often the slowest part of outbound.",
};

export function signalSentence(lead: LeadFacts, signals: Signals): string {
  const intent = Array.isArray(signals.intent) ? (signals.intent as string[]) : [];
  const first = intent.find((label) => label in SIGNAL_SENTENCES);
  if (first) return SIGNAL_SENTENCES[first](lead);
  return lead.company ? `I have been following ${lead.company}'s work.` : "I have been following your work.";
}

/** Replaces {{name}} with the value; unknown or empty names become "" and leave no double space. */
export function renderTemplate(template: string, values: Record<string, string | number | null | undefined>): string {
  return template
    .replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, name: string) => String(values[name] ?? "").trim())
    .replace(/[ \t]{2,}/g, " ")
    .replace(/ +([,.!?])/g, "$1");
}

export function draftEmail(lead: LeadFacts, signals: Signals, userTemplate: string, senderName: string): { subject: string; body: string } {
  const values = {
    ...lead,
    first_name: lead.first_name || "there",
    company: lead.company || "your team",
    industry: lead.industry || "B2B",
    sender_name: senderName,
    signal_sentence: signalSentence(lead, signals),
  };
  const text = renderTemplate(userTemplate, values);
  const match = /^Subject:[ \t]*(.*)\r?\n\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { subject: `A note for ${values.first_name}`, body: text.trim() };
  return { subject: match[1].trim(), body: match[2].trim() };
}
