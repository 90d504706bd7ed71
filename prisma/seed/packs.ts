import type { IcpRules } from "@/lib/icp/icp";
import { SAAS_OUTBOUND_ICP } from "@/lib/icp/saas-outbound-icp";

export type SeedPack = { slug: string; name: string; description: string; icp: IcpRules };

export const STAGES = ["extract_signals", "qualify", "draft_email", "send", "track"];

export const SEED_PACKS: SeedPack[] = [
  {
    slug: "saas-outbound",
    name: "SaaS outbound",
    description: "Outbound to engineering and revenue leaders at software companies of 50 to 2,000 people.",
    icp: SAAS_OUTBOUND_ICP,
  },
  {
    slug: "agency-outbound",
    name: "Agency outbound",
    description: "Outbound to owners and marketing leads at small agencies.",
    icp: {
      titles: { include: ["founder", "owner", "managing director", "partner", "head of marketing", "marketing director"], exclude: ["intern", "freelance"] },
      seniority: [],
      industries: ["marketing", "advertising", "agency", "media", "design"],
      employees: { min: 5, max: 200 },
      countries: [],
      required: [],
      weights: { title: 40, industry: 30, employees: 20, country: 0, signals: 10 },
      min_score: 55,
      allow_role_addresses: false,
    },
  },
];
