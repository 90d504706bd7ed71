// A titled, scrollable block of code for the docs pages.
export function CodeBlock({ title, code }: { title: string; code: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</figcaption>
      <pre className="mt-1 max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
