import { z } from "zod";

// A pack's ideal customer profile: what `qualify` scores a lead against. Each criterion has a
// weight; a lead qualifies when its score (0-100) reaches min_score.
export const IcpRules = z.object({
  titles: z.object({ include: z.array(z.string()).default([]), exclude: z.array(z.string()).default([]) }),
  industries: z.array(z.string()).default([]),
  employees: z.object({ min: z.number().int().nonnegative().nullable(), max: z.number().int().positive().nullable() }),
  countries: z.array(z.string().length(2)).default([]),
  weights: z.object({
    title: z.number().min(0),
    industry: z.number().min(0),
    employees: z.number().min(0),
    country: z.number().min(0),
    signals: z.number().min(0),
  }),
  min_score: z.number().int().min(0).max(100),
});
export type IcpRules = z.infer<typeof IcpRules>;
