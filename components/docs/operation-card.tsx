import { CodeBlock } from "@/components/docs/code-block";
import { Markdown } from "@/components/docs/markdown";
import type { FieldDoc, OperationDoc } from "@/lib/api/reference";

const METHOD_COLORS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-800",
  POST: "bg-emerald-100 text-emerald-800",
  PATCH: "bg-amber-100 text-amber-800",
  DELETE: "bg-rose-100 text-rose-800",
  PUT: "bg-violet-100 text-violet-800",
};

function FieldTable({ title, fields }: { title: string; fields: FieldDoc[] }) {
  if (fields.length === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      <div className="mt-1 overflow-x-auto" tabIndex={0} role="region" aria-label={title}>
        <table className="w-full text-left text-sm">
          <tbody className="divide-y divide-slate-100">
            {fields.map((field) => (
              <tr key={field.name}>
                <td className="py-1.5 pr-4 align-top font-mono text-slate-900">
                  {field.name}
                  {field.required ? (
                    <span className="ml-1 text-rose-600" title="required">
                      *
                    </span>
                  ) : null}
                </td>
                <td className="py-1.5 pr-4 align-top font-mono text-xs text-slate-600">{field.type}</td>
                <td className="py-1.5 align-top text-slate-600">{field.description ? <Markdown text={field.description} inline /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function OperationCard({ operation }: { operation: OperationDoc }) {
  return (
    <section id={operation.id} className="scroll-mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby={`${operation.id}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_COLORS[operation.method] ?? ""}`}>{operation.method}</span>
        <code className="break-all font-mono text-sm text-slate-900">{operation.path}</code>
        <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          {operation.method === "GET" ? "read" : "write"} scope · {operation.role}+
        </span>
      </div>
      <h3 id={`${operation.id}-title`} className="mt-2 font-semibold text-slate-900">
        {operation.summary}
      </h3>
      {operation.description ? (
        <div className="text-sm text-slate-600">
          <Markdown text={operation.description} />
        </div>
      ) : null}
      <FieldTable title="Path parameters" fields={operation.pathParams} />
      <FieldTable title="Query parameters" fields={operation.queryParams} />
      <FieldTable title="JSON body" fields={operation.body} />
      <p className="mt-4 text-sm text-slate-700">
        <span className="font-semibold">{operation.success.status}</span> {operation.success.description}
        {operation.success.schema ? (
          <>
            {" "}
            · <code className="font-mono text-xs">{operation.success.schema}</code>
          </>
        ) : null}
      </p>
      <p className="mt-1 text-sm text-slate-600">Errors: {operation.errors.join(", ")}</p>
      {operation.example ? (
        <div className="mt-4 grid gap-3 xl:grid-cols-2">
          <CodeBlock title="Example request" code={operation.example.curl} />
          {operation.example.response?.body ? (
            <CodeBlock title={`Example response (${operation.example.response.status})`} code={operation.example.response.body} />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
