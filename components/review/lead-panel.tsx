import type { DraftDetail } from "@/components/review/types";
import { cardStyles } from "@/components/ui/styles";

// The lead a draft is for: its fields, the signals extract_signals found, and the score and reasons
// qualify gave.

type Lead = DraftDetail["lead"];

function Field({ label, value }: { label: string; value: string | number | null }) {
  if (value === null || value === "") return null;
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{value}</dd>
    </>
  );
}

const show = (value: unknown) =>
  Array.isArray(value) ? value.join(", ") : typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);

export function LeadPanel({ lead }: { lead: Lead }) {
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(" ") || lead.email;
  const signals = Object.entries(lead.signals ?? {}).filter(([, value]) => value !== null && value !== "" && !(Array.isArray(value) && value.length === 0));
  const q = lead.qualification;
  return (
    <>
      <section aria-labelledby="lead-heading" className={`${cardStyles} p-4`}>
        <h2 id="lead-heading" className="text-base font-semibold text-slate-900">
          {name}
        </h2>
        <dl className="mt-2 grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <Field label="Email" value={lead.email} />
          <Field label="Title" value={lead.title} />
          <Field label="Company" value={lead.company} />
          <Field label="Domain" value={lead.domain ?? lead.website} />
          <Field label="Industry" value={lead.industry} />
          <Field label="Employees" value={lead.employees} />
          <Field label="Country" value={lead.country} />
          <Field label="LinkedIn" value={lead.linkedin_url} />
          <Field label="Notes" value={lead.notes} />
        </dl>
      </section>
      <section aria-labelledby="qualification-heading" className={`${cardStyles} p-4`}>
        <h2 id="qualification-heading" className="text-base font-semibold text-slate-900">
          Qualification
        </h2>
        {q ? (
          <>
            <p className="mt-1 text-sm text-slate-700">
              Score <span className="font-semibold tabular-nums text-slate-900">{q.score}</span>/100 ·{" "}
              <span className={q.qualified ? "font-medium text-emerald-800" : "font-medium text-rose-800"}>{q.qualified ? "qualified" : "not qualified"}</span>
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {q.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-1 text-sm text-slate-600">Not qualified by a run yet.</p>
        )}
        <h3 className="mt-4 text-sm font-semibold text-slate-900">Signals</h3>
        {signals.length ? (
          <dl className="mt-1 grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            {signals.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="break-words text-slate-500">{key.replaceAll("_", " ")}</dt>
                <dd className="min-w-0 break-words text-slate-900">{show(value)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-1 text-sm text-slate-600">No signals were found.</p>
        )}
      </section>
    </>
  );
}
