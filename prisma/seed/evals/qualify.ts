import type { SeedEvalSet } from "./types";
import { SAAS_OUTBOUND_ICP } from "@/lib/icp/saas-outbound-icp";

// qualify against the SaaS outbound profile (software companies of 50-2,000 people in North America
// and Western Europe; engineering, revenue and executive leaders). Each verdict is what a sales
// lead would decide reading the record, not what any version answers: some are hard on purpose.

type Row = [name: string, title: string, company: string, industry: string, employees: number | null, country: string, intent: string[], qualified: boolean];

const ROWS: Row[] = [
  ["VP Engineering at a mid-size SaaS in the US", "VP Engineering", "Northwind Cloud", "SaaS", 420, "US", ["hiring"], true],
  ["CTO of a fintech in Germany", "CTO", "Kontora", "Fintech", 180, "DE", [], true],
  ["Founder of a developer tools startup in Sweden", "Founder", "Bitforge", "Developer tools", 60, "SE", ["recently_funded"], true],
  ["Head of Platform at a UK software company", "Head of Platform", "Ledgerline", "Software", 950, "GB", ["migrating"], true],
  ["Director of Sales at a Canadian SaaS", "Director of Sales", "Maplecore", "SaaS", 300, "CA", ["expanding"], true],
  ["Chief Revenue Officer at a Dutch cloud vendor", "Chief Revenue Officer", "Tulpcloud", "Cloud", 1200, "NL", [], true],
  ["VP Marketing at a French SaaS, evaluating vendors", "VP Marketing", "Quillo", "SaaS", 240, "FR", ["evaluating_vendors"], true],
  ["CEO of a software company at the size limit", "CEO", "Granite Labs", "Software", 2000, "US", [], true],
  ["Head of Data at a 50-person fintech", "Head of Data", "Penny Rails", "Fintech", 50, "GB", ["hiring"], true],
  ["Engineering manager at a growing SaaS (no target title)", "Engineering Manager", "Relaybase", "SaaS", 350, "US", ["hiring"], true],
  ["Staff engineer at a cloud company evaluating vendors", "Staff Engineer", "Cumulus Stack", "Cloud", 700, "DE", ["evaluating_vendors"], true],
  ["Product lead at a fintech expanding to new markets", "Product Lead", "Fundwise", "Fintech", 150, "NL", ["expanding"], true],
  ["Director of Engineering, size unknown", "Director of Engineering", "Orbital Apps", "Software", null, "US", ["hiring"], true],
  ["VP Engineering at a hardware maker in a target country", "VP Engineering", "Steelworks Robotics", "Manufacturing", 800, "US", ["hiring"], true],
  ["Head of Growth at a SaaS in Spain (not a target country)", "Head of Growth", "Solana Apps", "SaaS", 200, "ES", ["hiring"], true],
  ["CTO of a 30-person SaaS with funding", "CTO", "Tinybird Works", "SaaS", 30, "US", ["recently_funded"], true],
  ["Intern at a SaaS company", "Engineering Intern", "Northwind Cloud", "SaaS", 420, "US", ["hiring"], false],
  ["Student working at a fintech", "Student Developer", "Kontora", "Fintech", 180, "DE", [], false],
  ["Executive assistant to the CEO", "Executive Assistant", "Ledgerline", "Software", 950, "GB", [], false],
  ["Owner of a 4-person bakery", "Owner", "Crumb & Co", "Food", 4, "US", [], false],
  ["Nurse at a hospital group", "Registered Nurse", "St. Mary Health", "Healthcare", 5000, "US", [], false],
  ["Teacher at a school district", "Teacher", "Lakeside Schools", "Education", 900, "CA", [], false],
  ["Accountant at an accounting firm in Brazil", "Senior Accountant", "Contabil BR", "Accounting", 120, "BR", [], false],
  ["Software engineer at a 20,000-person bank", "Software Engineer", "Atlas Bank", "Banking", 20000, "US", [], false],
  ["Barista with no company size", "Barista", "Bean There", "Hospitality", null, "AU", [], false],
  ["Sales rep at a car dealership", "Sales Representative", "Riverside Motors", "Automotive", 45, "US", [], false],
  ["Recruiter at a staffing agency in India", "Recruiter", "TalentBridge", "Staffing", 300, "IN", ["hiring"], false],
  ["Warehouse supervisor at a logistics firm", "Warehouse Supervisor", "Freightly", "Logistics", 2500, "DE", [], false],
  ["Customer support agent at a SaaS in Japan", "Support Agent", "Sakura Desk", "SaaS", 40, "JP", [], false],
  ["Chef at a restaurant chain", "Head Chef", "Olive Table", "Restaurants", 600, "IT", [], false],
  ["Junior designer at a print shop", "Junior Designer", "Inkwell Print", "Printing", 12, "GB", [], false],
  ["Pharmacist at a pharmacy", "Pharmacist", "CareWell Pharmacy", "Pharmacy", 80, "FR", [], false],
  ["VP Sales at a food delivery company (industry off-profile)", "VP Sales", "Dinedash", "Food delivery", 600, "US", ["expanding"], false],
  ["Director of Operations at a hotel group", "Director of Operations", "Harbor Hotels", "Hospitality", 1500, "GB", ["expanding"], false],
  ["Head of HR at a retail chain", "Head of HR", "ShopRight", "Retail", 1800, "CA", ["hiring"], false],
  ["Founder of a construction company", "Founder", "BuildRight", "Construction", 120, "NL", ["expanding"], false],
  ["Chief Nursing Officer at a clinic network", "Chief Nursing Officer", "MedPoint Clinics", "Healthcare", 400, "SE", ["hiring"], false],
  ["Director at a law firm", "Director", "Baker & Finch", "Legal", 250, "GB", ["evaluating_vendors"], false],
  ["Mechanic at a garage", "Mechanic", "QuickFix Garage", "Automotive", 8, "DE", [], false],
  ["Data analyst at a 3-person consultancy in Mexico", "Data Analyst", "Datamex", "Consulting", 3, "MX", [], false],
  ["Manager at an enterprise software giant (too large)", "Product Manager", "MegaSoft", "Software", 90000, "US", [], false],
  ["Account executive at a tiny SaaS in Brazil", "Account Executive", "Vendas Cloud", "SaaS", 15, "BR", [], false],
  ["Head of Engineering at a fintech in Canada", "Head of Engineering", "Loonie Pay", "Fintech", 90, "CA", ["migrating"], true],
  ["VP Product at a SaaS with no signals", "VP Product", "Formstack Nine", "SaaS", 500, "FR", [], true],
];

export const QUALIFY_SET: SeedEvalSet = {
  ref: "evals/qualify",
  stage: "qualify",
  name: "qualify: SaaS outbound profile",
  description:
    "Leads for the built-in SaaS outbound profile with the verdict a sales lead would give. Includes leads whose title misses but whose company and signals fit, and off-profile industries with senior titles.",
  context: {
    icp: SAAS_OUTBOUND_ICP,
  },
  cases: ROWS.map(([name, title, company, industry, employees, country, intent, qualified]) => ({
    name,
    input: { lead: { title, company, industry, employees, country }, signals: { intent } },
    expect: { qualified },
  })),
};
