import { z } from "zod";
import { REQUIRABLE_FIELDS, SENIORITY_LEVELS } from "@/lib/icp/icp-fields";

export { REQUIRABLE_FIELDS, SENIORITY_LEVELS, type RequirableField, type SeniorityLevel } from "@/lib/icp/icp-fields";

// A pack's ideal customer profile: what `qualify` scores a lead against. Each criterion has a
// weight; a lead qualifies when its score (0-100) reaches min_score. Two gates come before the
// score: a lead without one of the `required` fields, or of a seniority outside `seniority` (when
// the list is not empty), scores 0.

const Weight = z.number().min(0).max(100);

// What is stored and read back (packs, eval sets): lenient, so a profile saved before a rule was
// added still reads; the new lists default to empty (no gate).
export const IcpRules = z.object({
  titles: z.object({ include: z.array(z.string()).default([]), exclude: z.array(z.string()).default([]) }),
  seniority: z.array(z.enum(SENIORITY_LEVELS)).default([]),
  industries: z.array(z.string()).default([]),
  employees: z.object({ min: z.number().int().nonnegative().nullable(), max: z.number().int().positive().nullable() }),
  countries: z.array(z.string().length(2)).default([]),
  required: z.array(z.enum(REQUIRABLE_FIELDS)).default([]),
  weights: z.object({ title: Weight, industry: Weight, employees: Weight, country: Weight, signals: Weight }),
  min_score: z.number().int().min(0).max(100),
  /** Let role addresses (info@, sales@…) through the recipient checks before draft_email (contract §13). */
  allow_role_addresses: z.boolean().default(false),
});
export type IcpRules = z.infer<typeof IcpRules>;

const phrase = z.string().trim().min(1, "An entry is empty.").max(100, "An entry is longer than 100 characters.");
const phrases = (what: string) =>
  z
    .array(phrase)
    .max(50, `At most 50 ${what}.`)
    .refine(
      (items) => new Set(items.map((item) => item.toLowerCase())).size === items.length,
      `The same ${what.replace(/ies$/, "y").replace(/s$/, "")} is listed twice.`,
    )
    .default([]);

/** A profile as written through PATCH /packs/{slug} `icp`: each rule checked, a malformed one named by its field (422). */
export const IcpInput = z
  .strictObject({
    titles: z.strictObject({ include: phrases("titles"), exclude: phrases("titles") }),
    seniority: z.array(z.enum(SENIORITY_LEVELS)).max(SENIORITY_LEVELS.length).default([]),
    industries: phrases("industries"),
    employees: z.strictObject({
      min: z.number().int("A whole number.").nonnegative("Not below 0.").max(10_000_000).nullable(),
      max: z.number().int("A whole number.").positive("At least 1.").max(10_000_000).nullable(),
    }),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/, "Use two-letter country codes in capitals, e.g. US, GB, DE."))
      .max(250)
      .refine((items) => new Set(items).size === items.length, "The same country is listed twice.")
      .default([]),
    required: z.array(z.enum(REQUIRABLE_FIELDS)).max(REQUIRABLE_FIELDS.length).default([]),
    weights: z.strictObject({ title: Weight, industry: Weight, employees: Weight, country: Weight, signals: Weight }),
    min_score: z.number().int("A whole number from 0 to 100.").min(0, "From 0 to 100.").max(100, "From 0 to 100."),
    allow_role_addresses: z
      .boolean()
      .default(false)
      .meta({ description: "Let role addresses (info@, sales@, support@…) be drafted; disposable-mail domains are never let through" }),
  })
  .superRefine((icp, ctx) => {
    const { min, max } = icp.employees;
    if (min !== null && max !== null && min > max)
      ctx.addIssue({ code: "custom", path: ["employees", "max"], message: `At least the smallest size (${min}).` });
    if (Object.values(icp.weights).every((weight) => weight === 0))
      ctx.addIssue({ code: "custom", path: ["weights"], message: "At least one weight must be above 0, or no lead can score." });
  })
  .meta({ id: "IcpRulesInput", description: "A pack's ideal customer profile; every field is checked and a malformed one named (422)." });
export type IcpInput = z.infer<typeof IcpInput>;
