import { z } from "zod";
import { isTimeZone } from "@/lib/senders/window";

// CSV header → lead field. Known columns (contract §6) are mapped, others go to `attributes`.
// Headers are compared lower-cased with spaces, dashes and dots as underscores, plus common aliases.

export const KNOWN_COLUMNS = [
  "email",
  "first_name",
  "last_name",
  "company",
  "title",
  "domain",
  "website",
  "linkedin_url",
  "country",
  "employees",
  "industry",
  "notes",
  "time_zone",
] as const;
export type KnownColumn = (typeof KNOWN_COLUMNS)[number];

/** How many of a CSV's first rows the launcher sends for its qualify forecast (lib/packs/predict-qualify.ts). */
export const PREVIEW_SAMPLE_ROWS = 50;

const ALIASES: Record<string, KnownColumn> = {
  e_mail: "email",
  email_address: "email",
  mail: "email",
  firstname: "first_name",
  first: "first_name",
  given_name: "first_name",
  lastname: "last_name",
  last: "last_name",
  surname: "last_name",
  family_name: "last_name",
  company_name: "company",
  organization: "company",
  organisation: "company",
  account: "company",
  job_title: "title",
  position: "title",
  role: "title",
  linkedin: "linkedin_url",
  linkedin_profile: "linkedin_url",
  url: "website",
  company_website: "website",
  employee_count: "employees",
  company_size: "employees",
  headcount: "employees",
  num_employees: "employees",
  sector: "industry",
  timezone: "time_zone",
  tz: "time_zone",
  note: "notes",
  comments: "notes",
};

export function normalizeHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s.\-/]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

export type ColumnPlan = { known: Map<number, KnownColumn>; extra: Map<number, string>; emailIndex: number };

/** The known column a header names (loosely: case, spaces, aliases), or null. */
export function knownColumnFor(header: string): KnownColumn | null {
  const name = normalizeHeader(header);
  return (KNOWN_COLUMNS as readonly string[]).includes(name) ? (name as KnownColumn) : Object.hasOwn(ALIASES, name) ? ALIASES[name] : null;
}

/** Plans how each column is read. A repeated known column keeps its first occurrence. */
export function planColumns(headers: string[]): ColumnPlan {
  const known = new Map<number, KnownColumn>();
  const extra = new Map<number, string>();
  const taken = new Set<KnownColumn>();
  headers.forEach((raw, index) => {
    const field = knownColumnFor(raw);
    if (field && !taken.has(field)) {
      known.set(index, field);
      taken.add(field);
    } else if (raw.replaceAll("\0", "").trim()) {
      extra.set(index, raw.replaceAll("\0", "").trim().slice(0, 100));
    }
  });
  const emailIndex = [...known].find(([, field]) => field === "email")?.[0] ?? -1;
  return { known, extra, emailIndex };
}

const Email = z.email();

export type LeadRow = {
  email: string;
  emailLower: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  title: string | null;
  domain: string | null;
  website: string | null;
  linkedin_url: string | null;
  country: string | null;
  employees: number | null;
  industry: string | null;
  notes: string | null;
  /** An IANA zone (contract §12); a value that is not one is left out. */
  time_zone: string | null;
  attributes: Record<string, string>;
};

export type RowProblem = { code: "missing_email" | "invalid_email"; message: string };

function clean(value: string | undefined, max = 2000): string | null {
  // PostgreSQL text cannot hold NUL; a NUL in a CSV cell is dropped rather than failing the import.
  const trimmed = (value ?? "").replaceAll("\0", "").trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

/** A lead row with only its email (lower-cased alongside) and `fields` set: every other field empty. */
export function leadRow(email: string, fields: Partial<Omit<LeadRow, "email" | "emailLower">> = {}): LeadRow {
  return {
    email,
    emailLower: email.toLowerCase(),
    first_name: null,
    last_name: null,
    company: null,
    title: null,
    domain: null,
    website: null,
    linkedin_url: null,
    country: null,
    employees: null,
    industry: null,
    notes: null,
    time_zone: null,
    attributes: {},
    ...fields,
  };
}

/** Reads one record by the plan: a lead row, or why the row cannot be one. */
export function readRow(record: string[], plan: ColumnPlan): LeadRow | RowProblem {
  const email = clean(record[plan.emailIndex], 320);
  if (!email) return { code: "missing_email", message: "The row has no email." };
  if (!Email.safeParse(email).success) return { code: "invalid_email", message: `"${email.slice(0, 80)}" is not a valid email address.` };
  const row = leadRow(email);
  for (const [index, field] of plan.known) {
    if (field === "email") continue;
    if (field === "employees") {
      const digits = (record[index] ?? "").replace(/[,_\s]/g, "");
      const count = /^\d{1,9}$/.test(digits) ? Number(digits) : null;
      row.employees = count;
      continue;
    }
    if (field === "time_zone") {
      const zone = clean(record[index], 64);
      row.time_zone = zone && isTimeZone(zone) ? zone : null;
      continue;
    }
    row[field] = clean(record[index], field === "notes" ? 10_000 : 2000);
  }
  for (const [index, name] of plan.extra) {
    const value = clean(record[index], 10_000);
    if (value !== null) row.attributes[name] = value;
  }
  return row;
}
