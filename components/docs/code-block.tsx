// A titled, scrollable block of code for the docs pages.
export function CodeBlock({ title, code }: { title: string; code: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</figcaption>
      {/* A tab stop: the block scrolls, and keyboard users must be able to scroll it (axe: scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        className="mt-1 max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-400"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
