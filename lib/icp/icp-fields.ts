// The names an ICP's gates use, pure (no zod), so the pack page's form can list them too.

/** Seniority levels as extract_signals names them (lib/engine/local/signals.ts), most senior first. */
export const SENIORITY_LEVELS = ["c_level", "vp", "head", "director", "manager", "individual_contributor", "entry"] as const;
export type SeniorityLevel = (typeof SENIORITY_LEVELS)[number];

/** Lead fields a profile can require (contract §6's columns besides email, which every lead has). */
export const REQUIRABLE_FIELDS = ["first_name", "last_name", "company", "title", "domain", "website", "country", "employees", "industry", "notes"] as const;
export type RequirableField = (typeof REQUIRABLE_FIELDS)[number];
