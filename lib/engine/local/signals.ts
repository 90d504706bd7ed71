import { mentions, words, type LeadFacts } from "@/lib/engine/local/lead-facts";

// extract_signals, locally: seniority, department, company size, intent and technologies read
// from the title, size, industry and notes. Which fields come back is decided by the prompt
// version: the keys named in its user_template's "Return {...}" line.

export type Signals = Record<string, unknown>;

const SENIORITY: [string, string[]][] = [
  ["c_level", ["ceo", "cto", "cfo", "coo", "cmo", "cro", "chief", "founder", "co founder", "cofounder", "owner", "president", "managing director"]],
  ["vp", ["vp", "vice president", "svp", "evp"]],
  ["head", ["head of", "head"]],
  ["director", ["director"]],
  ["manager", ["manager", "lead"]],
  ["entry", ["intern", "junior", "assistant", "student", "trainee"]],
];

const DEPARTMENTS: [string, string[]][] = [
  ["executive", ["ceo", "founder", "co founder", "owner", "president", "managing director", "general manager"]],
  ["engineering", ["engineering", "engineer", "developer", "cto", "technology", "devops", "software", "platform", "infrastructure", "data"]],
  ["sales", ["sales", "revenue", "account executive", "business development", "cro", "partnerships"]],
  ["marketing", ["marketing", "growth", "brand", "demand", "cmo", "content", "communications"]],
  ["product", ["product"]],
  ["operations", ["operations", "coo", "ops", "supply chain"]],
  ["finance", ["finance", "cfo", "accounting", "controller"]],
  ["people", ["people", "hr", "talent", "recruiting", "recruiter"]],
];

export const INTENT: [string, string[]][] = [
  ["hiring", ["hiring", "recruiting", "growing the team", "open roles"]],
  ["recently_funded", ["raised", "funding", "series a", "series b", "series c", "seed round"]],
  ["evaluating_vendors", ["evaluating", "looking for", "rfp", "comparing", "shortlist"]],
  ["expanding", ["expanding", "expansion", "new office", "new market", "launching"]],
  ["migrating", ["migrating", "migration", "replacing", "moving off"]],
  ["pain_point", ["frustrated", "pain", "struggling", "churn", "manual process"]],
];

const TECHNOLOGIES = [
  "salesforce",
  "hubspot",
  "aws",
  "gcp",
  "azure",
  "kubernetes",
  "snowflake",
  "stripe",
  "shopify",
  "react",
  "python",
  "postgres",
  "segment",
  "zendesk",
  "slack",
  "marketo",
  "outreach",
];

function firstMatch(text: string, table: [string, string[]][], fallback: string): string {
  for (const [label, phrases] of table) if (phrases.some((phrase) => mentions(text, phrase))) return label;
  return fallback;
}

export function companySize(employees: number | null | undefined): string {
  if (employees === null || employees === undefined || !Number.isFinite(employees) || employees <= 0) return "unknown";
  if (employees <= 10) return "micro";
  if (employees <= 50) return "small";
  if (employees <= 200) return "medium";
  if (employees <= 1000) return "large";
  return "enterprise";
}

/** The keys a prompt version asks for, read from its `Return {"key": ...}` line. */
export function requestedKeys(userTemplate: string): string[] | null {
  const line = userTemplate
    .split("\n")
    .reverse()
    .find((l) => /^\s*Return\s*\{/.test(l));
  if (!line) return null;
  return [...line.matchAll(/"([a-z_]+)"\s*:/g)].map((match) => match[1]);
}

/** The seniority level a title reads as (SENIORITY_LEVELS in lib/icp/icp.ts), "unknown" without a title. */
export function seniorityOf(title: string | null | undefined): string {
  return title ? firstMatch(words(title), SENIORITY, "individual_contributor") : "unknown";
}

export function extractSignals(lead: LeadFacts, userTemplate: string): Signals {
  const title = words(lead.title);
  const notes = words(`${lead.notes ?? ""} ${lead.industry ?? ""}`);
  const known = [lead.title, lead.company, lead.employees, lead.industry, lead.notes].filter((v) => v !== null && v !== undefined && v !== "").length;
  const all: Signals = {
    seniority: seniorityOf(lead.title),
    department: lead.title ? firstMatch(title, DEPARTMENTS, "other") : "unknown",
    company_size: companySize(lead.employees),
    intent: INTENT.filter(([, phrases]) => phrases.some((phrase) => mentions(notes, phrase))).map(([label]) => label),
    technologies: TECHNOLOGIES.filter((tech) => mentions(notes, tech)),
    confidence: Math.round((known / 5) * 100) / 100,
  };
  const keys = requestedKeys(userTemplate);
  return keys ? Object.fromEntries(keys.filter((key) => key in all).map((key) => [key, all[key]])) : all;
}
