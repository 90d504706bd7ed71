import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import { mergeOffers } from "@/lib/offer/offer";

// A 200-lead run with notes for the built-in writer's measures (sentence reuse, issue 36): each lead
// at its own company, notes that start with verbs, adverbs, numbers and names, some with a recent
// event column or a buying signal, some without a first name or a note.

export const RUN_OFFER = mergeOffers({
  product: "Pagerly",
  audience: "engineering leaders at software companies of 50 to 2,000 people",
  value_propositions: [
    "Pagerly routes each alert to the engineer who owns the service",
    "Pagerly groups duplicate alerts so one incident pages once",
    "Pagerly writes the incident timeline while the team works",
  ],
  proof_points: ["Northwind cut its pages per on-call week from 40 to 12 with Pagerly", "Contoso halved its time to resolve incidents in one quarter"],
  call_to_action: "Would a 15-minute call next week be useful?",
  sender_name: "Sam Lee",
  sender_title: "Solutions Engineer",
  website: "https://pagerly.example",
});

// Twenty kinds of note. As in a real list, most carry the lead's own details (a number, a place, a
// tool, a month); the last eight kinds repeat word for word from lead to lead.
const TOOLS = ["Nagios", "Zabbix", "Datadog", "Splunk", "Grafana", "New Relic"];
const CITIES = ["Austin", "Berlin", "Lisbon", "Toronto", "Dublin", "Nairobi", "Pune"];
const MONTHS = ["January", "March", "May", "July", "September", "October"];
const NOTES: ((i: number) => string)[] = [
  (i) => `Just moved their ${["payments", "billing", "search", "checkout"][i % 4]} stack to Kubernetes`,
  (i) => `Posted about alert fatigue after ${20 + (i % 30)} pages in one week`,
  (i) => `Raised a $${10 + (i % 40)}M Series B in ${MONTHS[i % 6]} 2026`,
  (i) => `Hiring ${2 + (i % 6)} site reliability engineers in ${CITIES[i % 7]}`,
  (i) => `Met at KubeCon ${CITIES[i % 7]} 2026`,
  (i) => `Recently migrated from ${TOOLS[i % 6]} to Prometheus`,
  (i) => `Uses ${TOOLS[(i + 2) % 6]}, unhappy with the cost`,
  (i) => `Job ad mentions reducing on-call load for ${3 + (i % 9)} teams`,
  (i) => `Opened a second data center in ${CITIES[(i + 3) % 7]}`,
  (i) => `Spoke at SREcon ${CITIES[i % 7]} about incident reviews`,
  (i) => `${1 + (i % 5)} outages in ${MONTHS[i % 6]}, per their status page`,
  (i) => `Priya Raman joined as VP Engineering in ${MONTHS[(i + 1) % 6]}`,
  () => "Interested in automating incident timelines",
  () => "Doubled the engineering team last year",
  () => "Was featured in The New Stack",
  () => "Launched a public status page",
  () => "Wrote a blog post on postmortem culture",
  () => "Switched from Opsgenie to in-house tooling",
  () => "",
  () => "n/a",
];
const FIRST = ["Dana", "Luis", "Mei", "Olu", "Sara", "Tom", "Ines", "Raj", "Zoe", "Ken", "Ada", "Noor", "Pablo", "Yuki", "Femi", "Lena", "Omar"];
const PREFIX = ["North", "Blue", "Bright", "Iron", "Silver", "Red", "Green", "Stone", "Clear", "Swift", "Polar"];
const SUFFIX = [
  "wind",
  "field",
  "stack",
  "works",
  "labs",
  "bridge",
  "cloud",
  "gate",
  "path",
  "forge",
  "point",
  "line",
  "scale",
  "grid",
  "loop",
  "byte",
  "dock",
  "mint",
  "peak",
];
const TITLES = ["VP Engineering", "CTO", "Head of Platform", "Engineering Manager", "Director of SRE"];

export const RUN_LEADS: LeadFacts[] = Array.from({ length: 200 }, (_, i) => {
  const company = `${PREFIX[i % PREFIX.length]}${SUFFIX[i % SUFFIX.length]}`;
  return {
    email: `${FIRST[i % FIRST.length].toLowerCase()}.${i}@${company.toLowerCase()}.example`,
    first_name: i % 13 === 0 ? null : FIRST[i % FIRST.length],
    company,
    title: TITLES[i % TITLES.length],
    industry: "Software",
    employees: 50 + i * 9,
    notes: NOTES[i % NOTES.length](i),
    attributes: i % 7 === 0 ? { recent_event: "Announced a move to multi-region hosting" } : null,
  };
});

export const runSignals = (i: number) => (i % 4 === 0 ? { intent: ["hiring"] } : i % 4 === 1 ? { intent: ["recently_funded"] } : {});
