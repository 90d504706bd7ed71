import type { IcpRules } from "@/lib/icp/icp";

/**
 * The built-in "SaaS outbound" pack's profile: software companies of 50 to 2,000 people in North
 * America and north-west Europe, engineering and revenue leaders. The seed gives it to the pack and
 * to the qualify eval set, and an eval set without an ICP of its own is scored against it.
 */
export const SAAS_OUTBOUND_ICP: IcpRules = {
  titles: { include: ["vp", "vice president", "head of", "director", "cto", "ceo", "founder", "chief"], exclude: ["intern", "student", "assistant"] },
  seniority: [],
  industries: ["software", "saas", "fintech", "developer tools", "cloud"],
  employees: { min: 50, max: 2000 },
  countries: ["US", "CA", "GB", "DE", "FR", "NL", "SE"],
  required: [],
  weights: { title: 35, industry: 25, employees: 20, country: 10, signals: 10 },
  min_score: 60,
  allow_role_addresses: false,
};
