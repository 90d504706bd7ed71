// A small coloured label for run, lead and draft states; the text says the state, the colour only helps.

const TONES: Record<string, string> = {
  awaiting_review: "bg-amber-50 text-amber-800 ring-amber-200",
  approved: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  sent: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  done: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  completed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  rejected: "bg-rose-50 text-rose-800 ring-rose-200",
  failed: "bg-rose-50 text-rose-800 ring-rose-200",
  canceled: "bg-slate-100 text-slate-700 ring-slate-200",
  stopped: "bg-slate-100 text-slate-700 ring-slate-200",
  running: "bg-sky-50 text-sky-800 ring-sky-200",
  sending: "bg-sky-50 text-sky-800 ring-sky-200",
  importing: "bg-sky-50 text-sky-800 ring-sky-200",
};

export const stateLabel = (state: string) => state.replaceAll("_", " ");

export function StatusBadge({ state }: { state: string }) {
  const tone = TONES[state] ?? "bg-slate-50 text-slate-700 ring-slate-200";
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1 ring-inset ${tone}`}>
      {stateLabel(state)}
    </span>
  );
}
