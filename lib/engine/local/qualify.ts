import { mentions, words, type LeadFacts } from "@/lib/engine/local/lead-facts";
import type { IcpRules } from "@/lib/icp/icp";
import { seniorityOf, type Signals } from "@/lib/engine/local/signals";

// qualify, locally: a 0-100 score against the pack's ICP, each criterion weighted as the pack
// says, with one reason per criterion a reviewer can check.

export type Qualification = { score: number; qualified: boolean; reasons: string[] };

export function qualifyLead(lead: LeadFacts, signals: Signals, icp: IcpRules): Qualification {
  const title = words(lead.title);
  const reasons: string[] = [];
  const excluded = icp.titles.exclude.find((phrase) => mentions(title, phrase));
  if (excluded) return { score: 0, qualified: false, reasons: [`Title "${lead.title}" is excluded by the profile (${excluded}).`] };
  const missing = (icp.required ?? []).filter((field) => lead[field] === null || lead[field] === undefined || lead[field] === "");
  if (missing.length) return { score: 0, qualified: false, reasons: [`Missing ${missing.join(", ").replaceAll("_", " ")}, which the profile requires.`] };
  const levels: string[] = icp.seniority ?? [];
  const seniority = typeof signals.seniority === "string" ? signals.seniority : seniorityOf(lead.title);
  if (levels.length && seniority !== "unknown" && !levels.includes(seniority))
    return { score: 0, qualified: false, reasons: [`Seniority ${seniority.replaceAll("_", " ")} is not targeted.`] };

  const weights = icp.weights;
  const total = weights.title + weights.industry + weights.employees + weights.country + weights.signals;
  let earned = 0;

  const titleHit = icp.titles.include.find((phrase) => mentions(title, phrase));
  if (titleHit) {
    earned += weights.title;
    reasons.push(`Title "${lead.title}" matches "${titleHit}".`);
  } else reasons.push(lead.title ? `Title "${lead.title}" matches no target title.` : "No title given.");

  const industryText = words(lead.industry);
  const industryHit = icp.industries.find((industry) => mentions(industryText, industry));
  if (icp.industries.length === 0 || industryHit) {
    earned += weights.industry;
    reasons.push(industryHit ? `Industry "${lead.industry}" is targeted.` : "Any industry fits this profile.");
  } else reasons.push(lead.industry ? `Industry "${lead.industry}" is not targeted.` : "No industry given.");

  const { min, max } = icp.employees;
  if (lead.employees === null || lead.employees === undefined) {
    earned += weights.employees / 2;
    reasons.push("Company size unknown (half credit).");
  } else if ((min === null || lead.employees >= min) && (max === null || lead.employees <= max)) {
    earned += weights.employees;
    reasons.push(`${lead.employees} employees is within ${min ?? 0}–${max ?? "∞"}.`);
  } else reasons.push(`${lead.employees} employees is outside ${min ?? 0}–${max ?? "∞"}.`);

  const country = (lead.country ?? "").trim().toUpperCase();
  if (icp.countries.length === 0 || icp.countries.includes(country)) {
    earned += weights.country;
    if (icp.countries.length) reasons.push(`Country ${country} is targeted.`);
  } else reasons.push(country ? `Country ${country} is not targeted.` : "No country given.");

  const intent = Array.isArray(signals.intent) ? (signals.intent as string[]) : [];
  if (intent.length) {
    earned += weights.signals;
    reasons.push(`Buying signals: ${intent.join(", ").replaceAll("_", " ")}.`);
  }

  const score = total === 0 ? 0 : Math.round((earned / total) * 100);
  return { score, qualified: score >= icp.min_score, reasons };
}

// The reasons above that count against a lead, by kind (the launcher's forecast groups them).
const REJECTIONS: [RegExp, string][] = [
  [/ is excluded by the profile /, "Title excluded"],
  [/^Missing .*, which the profile requires\.$/, "Required field missing"],
  [/^Seniority .* is not targeted\.$/, "Seniority not targeted"],
  [/ matches no target title\.$|^No title given\.$/, "Title not targeted"],
  [/^Industry .* is not targeted\.$|^No industry given\.$/, "Industry not targeted"],
  [/ employees is outside /, "Company size out of range"],
  [/^Country .* is not targeted\.$|^No country given\.$/, "Country not targeted"],
];

/** The kind of a reason that counts against a lead, or null for one that does not. */
export function rejectionKind(reason: string): string | null {
  return REJECTIONS.find(([pattern]) => pattern.test(reason))?.[1] ?? null;
}
