import { stateLabel } from "@/components/ui/status-badge";

// A reply's classification as a coloured badge (positive green, stop-like red), shared by the
// run's replies tab and the inbox.

const TONES: Record<string, string> = {
  interested: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  meeting_request: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  question: "bg-sky-50 text-sky-800 ring-sky-200",
  not_interested: "bg-slate-100 text-slate-700 ring-slate-200",
  out_of_office: "bg-amber-50 text-amber-800 ring-amber-200",
  auto_reply: "bg-slate-50 text-slate-600 ring-slate-200",
  wrong_person: "bg-amber-50 text-amber-800 ring-amber-200",
  unsubscribe: "bg-rose-50 text-rose-800 ring-rose-200",
  bounce: "bg-rose-50 text-rose-800 ring-rose-200",
};

export function ClassificationBadge({ value }: { value: string | null }) {
  if (!value) return <span className="text-xs italic text-slate-500">being classified…</span>;
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1 ring-inset ${TONES[value] ?? "bg-slate-50 text-slate-700 ring-slate-200"}`}
    >
      {stateLabel(value)}
    </span>
  );
}
