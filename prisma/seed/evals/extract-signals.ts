import type { SeedEvalSet } from "./types";

// extract_signals: a lead record and the signals a researcher would note. `intent` lists the
// signals the notes clearly state (others may come back too); `technologies` the tools they name.

type Row = [title: string, company: string, employees: number | null, industry: string, notes: string, expect: Record<string, string | string[]>];

const ROWS: Row[] = [
  ["CEO", "Northwind Cloud", 420, "SaaS", "", { seniority: "c_level", department: "executive", company_size: "large" }],
  ["Co-founder & CTO", "Bitforge", 12, "Developer tools", "Raised a seed round last month.", { seniority: "c_level", company_size: "small", intent: ["recently_funded"] }],
  ["VP Engineering", "Kontora", 180, "Fintech", "Hiring ten engineers this quarter.", { seniority: "vp", department: "engineering", company_size: "medium", intent: ["hiring"] }],
  ["Vice President of Sales", "Maplecore", 300, "SaaS", "", { seniority: "vp", department: "sales", company_size: "large" }],
  ["Head of Marketing", "Quillo", 240, "SaaS", "Evaluating vendors for marketing automation.", { seniority: "head", department: "marketing", intent: ["evaluating_vendors"] }],
  ["Director of Engineering", "Orbital Apps", 900, "Software", "Migrating from on-prem to AWS.", { seniority: "director", department: "engineering", intent: ["migrating"], technologies: ["aws"] }],
  ["Engineering Manager", "Relaybase", 350, "SaaS", "", { seniority: "manager", department: "engineering", company_size: "large" }],
  ["Software Engineer", "Atlas Bank", 20000, "Banking", "", { seniority: "individual_contributor", department: "engineering", company_size: "enterprise" }],
  ["Marketing Intern", "Inkwell Print", 8, "Printing", "", { seniority: "entry", department: "marketing", company_size: "micro" }],
  ["CFO", "Penny Rails", 50, "Fintech", "", { seniority: "c_level", department: "finance", company_size: "small" }],
  ["Head of People", "Fundwise", 150, "Fintech", "Growing the team fast, 30 open roles.", { seniority: "head", department: "people", intent: ["hiring"] }],
  ["Product Manager", "Formstack Nine", 500, "SaaS", "", { seniority: "manager", department: "product", company_size: "large" }],
  ["COO", "Freightly", 2500, "Logistics", "Expanding into three new markets.", { seniority: "c_level", department: "operations", company_size: "enterprise", intent: ["expanding"] }],
  ["Recruiter", "TalentBridge", 300, "Staffing", "Recruiting for a new office.", { department: "people", intent: ["hiring"] }],
  ["Data Engineer", "Cumulus Stack", 700, "Cloud", "Moving off Redshift to Snowflake.", { seniority: "individual_contributor", department: "engineering", intent: ["migrating"], technologies: ["snowflake"] }],
  ["Founder", "Tinybird Works", 30, "SaaS", "Series A announced; frustrated with manual process for outreach.", { seniority: "c_level", intent: ["recently_funded", "pain_point"] }],
  ["Director of Sales", "Loonie Pay", 90, "Fintech", "Uses Salesforce and Outreach.", { seniority: "director", department: "sales", technologies: ["salesforce", "outreach"] }],
  ["Head of Growth", "Solana Apps", 200, "SaaS", "Launching in Germany next quarter.", { seniority: "head", department: "marketing", intent: ["expanding"] }],
  ["VP Product", "Sakura Desk", 40, "SaaS", "", { seniority: "vp", department: "product", company_size: "small" }],
  ["Chief Revenue Officer", "Tulpcloud", 1200, "Cloud", "Comparing three sales engagement tools.", { seniority: "c_level", department: "sales", company_size: "enterprise", intent: ["evaluating_vendors"] }],
  ["Account Executive", "Vendas Cloud", 15, "SaaS", "", { department: "sales", company_size: "small" }],
  ["Support Agent", "Sakura Desk", 40, "SaaS", "Struggling with churn this year.", { seniority: "individual_contributor", intent: ["pain_point"] }],
  ["Managing Director", "Baker & Finch", 250, "Legal", "", { seniority: "c_level", department: "executive", company_size: "large" }],
  ["Head of Data", "Granite Labs", 2000, "Software", "Hiring data engineers; stack is Python and Postgres.", { seniority: "head", department: "engineering", intent: ["hiring"], technologies: ["python", "postgres"] }],
  ["Operations Manager", "Harbor Hotels", 1500, "Hospitality", "", { seniority: "manager", department: "operations", company_size: "enterprise" }],
  ["Junior Developer", "Ledgerline", 950, "Software", "", { seniority: "entry", department: "engineering", company_size: "large" }],
  ["Controller", "Contabil BR", 120, "Accounting", "", { department: "finance", company_size: "medium" }],
  ["Platform Lead", "Kontora", 180, "Fintech", "Kubernetes migration under way.", { seniority: "manager", department: "engineering", intent: ["migrating"], technologies: ["kubernetes"] }],
  ["President", "BuildRight", 120, "Construction", "", { seniority: "c_level", department: "executive", company_size: "medium" }],
  ["Director of Finance", "ShopRight", 1800, "Retail", "Looking for a new billing system, RFP out.", { seniority: "director", department: "finance", intent: ["evaluating_vendors"] }],
  ["Brand Manager", "Olive Table", 600, "Restaurants", "", { seniority: "manager", department: "marketing", company_size: "large" }],
  ["DevOps Engineer", "Cumulus Stack", 700, "Cloud", "Runs everything on GCP.", { department: "engineering", technologies: ["gcp"] }],
  ["Owner", "Crumb & Co", 4, "Food", "", { seniority: "c_level", department: "executive", company_size: "micro" }],
  ["SVP Partnerships", "Steelworks Robotics", 800, "Manufacturing", "Opening a new office in Austin.", { seniority: "vp", department: "sales", intent: ["expanding"] }],
  ["Talent Acquisition Lead", "Relaybase", 350, "SaaS", "Hiring across engineering.", { department: "people", intent: ["hiring"] }],
  ["Chief Marketing Officer", "Quillo", 240, "SaaS", "Team uses HubSpot and Segment.", { seniority: "c_level", department: "marketing", technologies: ["hubspot", "segment"] }],
  ["Analyst", "Datamex", 3, "Consulting", "", { seniority: "individual_contributor", company_size: "micro" }],
  ["Head of Customer Success", "Formstack Nine", 500, "SaaS", "Churn is the board's top worry.", { seniority: "head", intent: ["pain_point"] }],
  ["Trainee Accountant", "Contabil BR", 120, "Accounting", "", { seniority: "entry", department: "finance" }],
  ["Director of Product", "Northwind Cloud", 420, "SaaS", "Shopify and Stripe integrations on the roadmap.", { seniority: "director", department: "product", technologies: ["shopify", "stripe"] }],
  ["Engineer", "Unknown Co", null, "", "", { seniority: "individual_contributor", department: "engineering", company_size: "unknown" }],
  ["VP Operations", "Freightly", 2500, "Logistics", "Replacing the legacy WMS this year.", { seniority: "vp", department: "operations", intent: ["migrating"] }],
];

export const EXTRACT_SIGNALS_SET: SeedEvalSet = {
  ref: "evals/extract_signals",
  stage: "extract_signals",
  name: "extract_signals: lead records",
  description: "Lead records with the seniority, department, size, intent and technologies a researcher would note. Intent and technologies come only from the notes.",
  context: {},
  cases: ROWS.map(([title, company, employees, industry, notes, expect]) => ({
    name: `${title} at ${company}${notes ? `: ${notes.slice(0, 40)}` : ""}`,
    input: { lead: { first_name: "Alex", last_name: "Morgan", title, company, employees, industry: industry || null, notes: notes || null } },
    expect: { signals: expect },
  })),
};
