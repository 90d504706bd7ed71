import type { PackJson } from "@/lib/packs/present-pack";

const list = (values: string[]) => (values.length ? values.join(", ") : "any");

export const SENIORITY_LABELS: Record<string, string> = {
  c_level: "Owner / C-level",
  vp: "VP",
  head: "Head of",
  director: "Director",
  manager: "Manager",
  individual_contributor: "Individual contributor",
  entry: "Entry level",
};

export const REQUIRED_LABELS: Record<string, string> = {
  first_name: "First name",
  last_name: "Last name",
  company: "Company",
  title: "Title",
  domain: "Domain",
  website: "Website",
  country: "Country",
  employees: "Employees",
  industry: "Industry",
  notes: "Notes",
};

/** A pack's ideal customer profile, as `qualify` scores leads against it (read-only). */
export function IcpRules({ icp }: { icp: PackJson["icp"] }) {
  const employees = icp.employees.min === null && icp.employees.max === null ? "any" : `${icp.employees.min ?? 0} – ${icp.employees.max ?? "∞"}`;
  const rows: [string, string, number | null][] = [
    ["Titles", `${list(icp.titles.include)}${icp.titles.exclude.length ? `; not ${icp.titles.exclude.join(", ")}` : ""}`, icp.weights.title],
    ["Seniority", list(icp.seniority.map((level) => SENIORITY_LABELS[level] ?? level)), null],
    ["Industries", list(icp.industries), icp.weights.industry],
    ["Employees", employees, icp.weights.employees],
    ["Countries", list(icp.countries), icp.weights.country],
    ["Signals", "from extract_signals", icp.weights.signals],
    ["Required", icp.required.length ? icp.required.map((field) => REQUIRED_LABELS[field] ?? field).join(", ") : "nothing", null],
  ];
  return (
    <div>
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, value, weight]) => (
          <div key={label} className="grid grid-cols-[6.5rem_minmax(0,1fr)_auto] gap-3 py-2">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
            <dd className="text-xs text-slate-500">{weight === null ? "gate" : `weight ${weight}`}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-700">
        A lead qualifies at a score of <strong>{icp.min_score}</strong> or more (0–100).
      </p>
    </div>
  );
}
