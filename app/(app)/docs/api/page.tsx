import type { Metadata } from "next";
import { OperationCard } from "@/components/docs/operation-card";
import { WebhooksReference } from "@/components/docs/webhooks-reference";
import { apiReference } from "@/lib/api/reference";
import { config } from "@/lib/config";
import { eventCatalog } from "@/lib/events/catalog-docs";
import { signatureHeader } from "@/lib/webhooks/signing";
import { SIGNATURE_TEST_VECTOR as VECTOR } from "@/lib/webhooks/test-vector";

export const metadata: Metadata = { title: "API reference" };

const ERRORS: [number, string, string][] = [
  [400, "invalid_json, invalid_request", "The body is not JSON; a query parameter or cursor is bad"],
  [401, "unauthenticated", "Missing, malformed, unknown, revoked or expired token (with WWW-Authenticate)"],
  [403, "forbidden", "A read token on a write, or the creator's role does not allow it"],
  [404, "not_found", "No such resource in the token's workspace"],
  [405, "method_not_allowed", "With Allow"],
  [
    409,
    "conflict, idempotency_conflict, lead_exists, version_exists, campaign_not_approved, fork_not_approved, last_admin",
    "The request clashes with what exists",
  ],
  [413, "payload_too_large", "JSON body over 1 MiB"],
  [415, "unsupported_media_type", "Send application/json"],
  [422, "validation_failed", "errors[] names each field"],
  [429, "rate_limited", "With Retry-After"],
  [503, "service_unavailable", "PostgreSQL or Redis unreachable, with Retry-After"],
];

export default function ApiReferencePage() {
  const operations = apiReference();
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  return (
    <div className="grid gap-8 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="Endpoints" className="hidden lg:sticky lg:top-6 lg:block lg:self-start">
        <ul className="space-y-3 text-sm">
          {tags.map((tag) => (
            <li key={tag}>
              <p className="font-semibold text-slate-900">{tag}</p>
              <ul className="mt-1 space-y-1">
                {operations
                  .filter((operation) => operation.tag === tag)
                  .map((operation) => (
                    <li key={operation.id}>
                      <a className="text-slate-600 hover:text-indigo-700" href={`#${operation.id}`}>
                        {operation.summary}
                      </a>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
          <li>
            <a className="font-semibold text-slate-900 hover:text-indigo-700" href="#webhooks">
              Receiving webhooks
            </a>
            <ul className="mt-1 space-y-1">
              <li>
                <a className="text-slate-600 hover:text-indigo-700" href="#webhook-events">
                  Events
                </a>
              </li>
              <li>
                <a className="text-slate-600 hover:text-indigo-700" href="#webhook-signatures">
                  Signatures
                </a>
              </li>
            </ul>
          </li>
        </ul>
      </nav>
      <div className="min-w-0 space-y-8">
        <header>
          <h1 className="text-2xl font-semibold tracking-tight">API reference</h1>
          <p className="mt-2 max-w-3xl text-sm text-slate-600">
            Base URL <code className="font-mono">/v1</code>. Every request sends <code className="font-mono">Authorization: Bearer lpat_…</code>, a personal
            access token from Settings → API tokens. JSON in and out. Examples use <code className="font-mono">LEADPIPE_URL</code> (this server) and{" "}
            <code className="font-mono">LEADPIPE_TOKEN</code>. The machine-readable document is{" "}
            <a className="text-indigo-700 underline" href="/v1/openapi.json">
              /v1/openapi.json
            </a>{" "}
            (OpenAPI 3.1).
          </p>
        </header>
        <section aria-labelledby="conventions" className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
          <h2 id="conventions" className="font-semibold text-slate-900">
            Conventions
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>
              Rate limit per token: bursts of up to 240 requests, refilled at 120 a minute (times 5 on team, 20 on enterprise). Every answer has
              X-RateLimit-Limit, -Remaining and -Reset; a 429 has Retry-After.
            </li>
            <li>
              Lists are newest first: <code className="font-mono">limit</code> (1–100, default 25) and <code className="font-mono">cursor</code> from{" "}
              <code className="font-mono">next_cursor</code>; answers are <code className="font-mono">{"{ data, has_more, next_cursor }"}</code>.
            </li>
            <li>
              Send <code className="font-mono">Idempotency-Key</code> on a POST to make retries safe for 24 hours; another body with the same key is 409.
            </li>
            <li>Read tokens may only GET. A token acts with its creator&apos;s role: viewers read, reviewers also review, admins do everything.</li>
          </ul>
          <h3 className="mt-4 font-semibold text-slate-900">Errors (application/problem+json)</h3>
          {/* Scrolls sideways at 390 px: a tab stop, so keyboard users can scroll it too. */}
          <div className="mt-1 overflow-x-auto" tabIndex={0} role="region" aria-label="Errors">
            <table className="w-full text-left">
              <tbody className="divide-y divide-slate-100">
                {ERRORS.map(([status, code, when]) => (
                  <tr key={status}>
                    <td className="py-1 pr-4 font-semibold">{status}</td>
                    <td className="py-1 pr-4 font-mono text-xs">{code}</td>
                    <td className="py-1">{when}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        {tags.map((tag) => (
          <section key={tag} aria-labelledby={`tag-${tag}`} className="space-y-4">
            <h2 id={`tag-${tag}`} className="text-lg font-semibold">
              {tag}
            </h2>
            {operations
              .filter((operation) => operation.tag === tag)
              .map((operation) => (
                <OperationCard key={operation.id} operation={operation} />
              ))}
          </section>
        ))}
        <WebhooksReference
          events={eventCatalog()}
          retrySchedule={config().WEBHOOK_RETRY_SCHEDULE}
          retryWindowSeconds={config().WEBHOOK_RETRY_WINDOW_SECONDS}
          vector={{ ...VECTOR, header: signatureHeader([VECTOR.secret], VECTOR.t, VECTOR.body) }}
        />
      </div>
    </div>
  );
}
