import type { Metadata } from "next";
import { OperationCard } from "@/components/docs/operation-card";
import { EventCard } from "@/components/docs/event-card";
import { apiReference, errorCodeReference, eventReference } from "@/lib/api/reference";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  const operations = apiReference();
  const errors = errorCodeReference();
  const events = eventReference();
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  return (
    <div className="grid gap-8 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="Endpoints" className="hidden lg:sticky lg:top-6 lg:block lg:self-start">
        <ul className="space-y-3 text-sm">
          {tags.map((tag) => (
            <li key={tag}>
              <p className="font-semibold text-slate-900">{tag}</p>
              <ul className="mt-1 space-y-1">
                {operations.filter((operation) => operation.tag === tag).map((operation) => (
                  <li key={operation.id}><a className="text-slate-600 hover:text-indigo-700" href={`#${operation.id}`}>{operation.summary}</a></li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 space-y-8">
        <header>
          <h1 className="text-2xl font-semibold tracking-tight">API reference</h1>
          <p className="mt-2 max-w-3xl text-sm text-slate-600">
            Base URL <code className="font-mono">/v1</code>. Every request sends <code className="font-mono">Authorization: Bearer lpat_…</code>, a personal
            access token from Settings → API tokens. JSON in and out. The machine-readable document is <a className="text-indigo-700 underline" href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).
          </p>
        </header>
        <section aria-labelledby="conventions" className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
          <h2 id="conventions" className="font-semibold text-slate-900">Conventions</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>Rate limit per token: bursts of up to 240 requests, refilled at 120 a minute (times 5 on team, 20 on enterprise). Every answer has X-RateLimit-Limit, -Remaining and -Reset; a 429 has Retry-After.</li>
            <li>Lists are newest first: <code className="font-mono">limit</code> (1–100, default 25) and <code className="font-mono">cursor</code> from <code className="font-mono">next_cursor</code>; answers are <code className="font-mono">{"{ data, has_more, next_cursor }"}</code>.</li>
            <li>Send <code className="font-mono">Idempotency-Key</code> on a POST to make retries safe for 24 hours; another body with the same key is 409.</li>
            <li>Read tokens may only GET. A token acts with its creator&apos;s role: viewers read, reviewers also review, admins do everything.</li>
          </ul>
          <h3 className="mt-4 font-semibold text-slate-900">Errors (application/problem+json)</h3>
          <div className="mt-1 overflow-x-auto">
            <table className="w-full text-left">
              <tbody className="divide-y divide-slate-100">
                {errors.map((error) => (
                  <tr key={error.code} id={`error-${error.code}`}><td className="py-1 pr-4 font-semibold">{error.status}</td><td className="py-1 pr-4 font-mono text-xs">{error.code}</td><td className="py-1">{error.description}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        {tags.map((tag) => (
          <section key={tag} aria-labelledby={`tag-${tag}`} className="space-y-4">
            <h2 id={`tag-${tag}`} className="text-lg font-semibold">{tag}</h2>
            {operations.filter((operation) => operation.tag === tag).map((operation) => <OperationCard key={operation.id} operation={operation} />)}
          </section>
        ))}
        <section aria-labelledby="events" className="space-y-4">
          <h2 id="events" className="text-lg font-semibold">Webhook events</h2>
          <p className="max-w-3xl text-sm text-slate-600">
            Each delivery POSTs <code className="font-mono">{"{ event, id, occurred_at, data }"}</code>; the shape of <code className="font-mono">data</code> per event is below
            (also in the <code className="font-mono">webhooks</code> section of the OpenAPI document).
          </p>
          {events.map((event) => <EventCard key={event.kind} event={event} />)}
        </section>
      </div>
    </div>
  );
}
