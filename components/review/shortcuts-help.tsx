// The queue's keyboard shortcuts, always on the page (not hidden behind a "?"), so they can be
// discovered by reading and by a screen reader. The list's description points here.

const KEYS: [string, string, boolean][] = [
  ["j", "next draft", false],
  ["k", "previous draft", false],
  ["Enter", "open the draft", false],
  ["x", "select or unselect", true],
  ["a", "approve as written (10 s to undo before it is sent)", true],
  ["r", "reject with a reason", true],
];

export function ShortcutsHelp({ id, canReview }: { id: string; canReview: boolean }) {
  return (
    <div id={id} className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-600">
      <h3 className="sr-only">Keyboard shortcuts</h3>
      <p className="mb-1 font-medium text-slate-700" aria-hidden="true">
        Keyboard shortcuts (when no field has focus)
      </p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1">
        {KEYS.filter(([, , review]) => canReview || !review).map(([key, action]) => (
          <div key={key} className="flex items-center gap-1.5">
            <dt>
              <kbd className="rounded border border-slate-300 bg-white px-1.5 py-0.5 font-mono text-[11px] text-slate-800 shadow-sm">{key}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
