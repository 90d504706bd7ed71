import type { DraftSources, Source } from "@/lib/review-checks/types";

// Every fact a draft may rest on, as §13 sources: the lead's fields, its note, its signals, the
// offer (with the From name) and the thread. `bySource` maps the local engine's template variables to
// the sources they were filled from.

const LEAD_FIELDS = ["first_name", "last_name", "email", "company", "title", "domain", "website", "country", "employees", "industry", "referred_by_name"];

const str = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(str).filter(Boolean).join(", ") || null;
  if (typeof value === "object") return null;
  const text = String(value).trim();
  return text || null;
};

export function listSources(s: DraftSources): Source[] {
  const out: Source[] = [];
  const push = (kind: Source["kind"], field: string, value: unknown) => {
    const text = str(value);
    if (text) out.push({ kind, field, text });
  };
  for (const field of LEAD_FIELDS) push("lead", field, s.lead[field]);
  push("note", "notes", s.lead.notes);
  const attributes = s.lead.attributes;
  if (attributes && typeof attributes === "object") for (const [key, value] of Object.entries(attributes)) push("lead", `attributes.${key}`, value);
  for (const [key, value] of Object.entries(s.signals ?? {})) push("signal", key, value);
  const offer = s.offer ?? {};
  push("offer", "product", offer.product);
  push("offer", "audience", offer.audience);
  (offer.value_propositions ?? []).forEach((v, i) => push("offer", `value_propositions[${i}]`, v));
  (offer.proof_points ?? []).forEach((v, i) => push("offer", `proof_points[${i}]`, v));
  push("offer", "call_to_action", offer.call_to_action);
  push("offer", "sender_name", s.senderName);
  push("offer", "sender_title", offer.sender_title);
  push("offer", "signature", offer.signature);
  push("offer", "website", offer.website);
  (s.thread ?? []).forEach((m, i) => {
    push("thread", `messages[${i}].subject`, m.subject);
    push("thread", `messages[${i}].body`, m.body);
  });
  return out;
}

/** The lead's first name and company: the value and proof lines may be put to the lead by them. */
const leadNames = (sources: Source[]) => sources.filter((s) => s.kind === "lead" && (s.field === "first_name" || s.field === "company"));

/** The sources a template variable may have been filled from. */
export function variableSources(name: string, sources: Source[]): Source[] {
  const is = (kind: Source["kind"], field: string) => (s: Source) => s.kind === kind && s.field === field;
  switch (name) {
    case "value_proposition":
      return sources.filter(is("offer", "value_propositions[0]"));
    case "proof_point":
      return sources.filter(is("offer", "proof_points[0]"));
    case "value_propositions":
    case "proof_points":
      return sources.filter((s) => s.kind === "offer" && s.field.startsWith(name));
    case "signal_sentence":
      return sources.filter((s) => s.kind === "signal" || is("lead", "company")(s) || is("lead", "title")(s));
    case "opening_line":
      return sources.filter((s) => s.kind === "note" || s.kind === "signal" || (s.kind === "lead" && s.field !== "email"));
    case "subject_line":
      return sources.filter((s) => s.kind === "note" || (s.kind === "lead" && s.field !== "email") || (s.kind === "offer" && s.field === "product"));
    case "value_line":
      return sources.filter((s) => s.kind === "offer" && (s.field.startsWith("value_propositions") || s.field === "product")).concat(leadNames(sources));
    case "proof_line":
      return sources.filter((s) => s.kind === "offer" && (s.field.startsWith("proof_points") || s.field === "product")).concat(leadNames(sources));
    case "notes":
      return sources.filter((s) => s.kind === "note");
    default:
      return sources.filter((s) => (s.kind === "lead" || s.kind === "offer") && s.field === name);
  }
}
