import { CodeBlock } from "@/components/docs/code-block";
import { windowInWords } from "@/components/dead-letters/window-in-words";
import type { EventDoc } from "@/lib/events/catalog-docs";

// The webhook half of /docs/api: what arrives, every event's data, the signature scheme with a test
// vector (signed by the page with the same code that signs deliveries) and verification in Node and Python.

export type WebhooksReferenceProps = {
  events: EventDoc[];
  retrySchedule: number[];
  retryWindowSeconds: number;
  vector: { secret: string; t: number; body: string; header: string };
};

const NODE = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received (a string or Buffer), before any JSON parsing.
export function verify(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = header.split(",").map((part) => part.split("="));
  const t = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isFinite(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest();
  return parts
    .filter(([key]) => key === "v1")
    .map(([, value]) => Buffer.from(value, "hex"))
    .some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
}
// Or with Stripe's SDK: stripe.webhooks.constructEvent(rawBody, header, secret)`;

const PYTHON = `import hashlib, hmac, time

def verify(raw_body: bytes, header: str, secret: str, tolerance: int = 300) -> bool:
    pairs = [part.split("=", 1) for part in header.split(",")]
    t = next((value for key, value in pairs if key == "t"), None)
    if t is None or abs(time.time() - int(t)) > tolerance:
        return False
    expected = hmac.new(secret.encode(), f"{t}.".encode() + raw_body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(expected, value) for key, value in pairs if key == "v1")`;

export function WebhooksReference({ events, retrySchedule, retryWindowSeconds, vector }: WebhooksReferenceProps) {
  return (
    <section id="webhooks" aria-labelledby="webhooks-heading" className="scroll-mt-6 space-y-4">
      <h2 id="webhooks-heading" className="text-lg font-semibold">
        Receiving webhooks
      </h2>
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
        <p>
          LeadPipe POSTs a JSON event to each endpoint (Settings → Webhooks, or <code className="font-mono">POST /v1/webhook-endpoints</code>) when a
          lead&apos;s state changes. Deliveries are at least once: use the event <code className="font-mono">id</code> to drop duplicates. Any answer outside
          2xx, a network error or no answer within 10 s is a failure; retries follow after {retrySchedule.map(windowInWords).join(", ")} (±10 %), and a delivery
          still failing {windowInWords(retryWindowSeconds)} after its first attempt is dead-lettered, to be replayed from Settings → Webhooks → Dead letters.
        </p>
        <CodeBlock
          title="What arrives"
          code={`POST /your/hook HTTP/1.1
Content-Type: application/json
X-Service-Signature: t=1763719200,v1=…
X-Service-Event-Id: evt_…
X-Service-Event: draft.ready
X-Service-Delivery-Attempt: 1

{"event":"draft.ready","id":"evt_…","occurred_at":"…","data":{…}}`}
        />
        <h3 id="webhook-events" className="font-semibold text-slate-900">
          Events and their data
        </h3>
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Events and their data">
          <table className="w-full text-left">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-1 pr-4">Event</th>
                <th className="py-1 pr-4">Sent when</th>
                <th className="py-1">data</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {events.map((event) => (
                <tr key={event.type}>
                  <td className="py-2 pr-4 font-mono text-xs font-semibold text-slate-900">{event.type}</td>
                  <td className="py-2 pr-4">{event.when}</td>
                  <td className="py-2">
                    <ul className="space-y-0.5">
                      {event.data.map((field) => (
                        <li key={field.name}>
                          <code className="font-mono text-xs text-slate-900">{field.name}</code>{" "}
                          <span className="font-mono text-xs text-slate-500">{field.type}</span> {field.description}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3 id="webhook-signatures" className="font-semibold text-slate-900">
          Verifying the signature
        </h3>
        <p>
          <code className="font-mono">v1</code> is the hex HMAC-SHA256 of <code className="font-mono">{'"<t>.<raw body>"'}</code>, keyed with the whole secret
          string (UTF-8, <code className="font-mono">whsec_</code> included): Stripe&apos;s scheme, so Stripe&apos;s libraries verify it. Check it on every
          delivery against the raw body bytes, in constant time, and refuse a <code className="font-mono">t</code> more than 300 seconds from your clock. While
          a secret is being rotated, the header carries one <code className="font-mono">v1=</code> per valid secret: accept the delivery if any matches.
        </p>
        <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Test vector</h4>
        <dl className="grid gap-x-4 gap-y-1 font-mono text-xs sm:grid-cols-[6rem_1fr]" data-testid="signature-test-vector">
          <dt className="text-slate-500">secret</dt>
          <dd className="break-all">{vector.secret}</dd>
          <dt className="text-slate-500">t</dt>
          <dd>{vector.t}</dd>
          <dt className="text-slate-500">body</dt>
          <dd className="break-all">{vector.body}</dd>
          <dt className="text-slate-500">header</dt>
          <dd className="break-all" data-testid="signature-test-vector-header">
            {vector.header}
          </dd>
        </dl>
        <div className="grid gap-3 xl:grid-cols-2">
          <CodeBlock title="Node" code={NODE} />
          <CodeBlock title="Python" code={PYTHON} />
        </div>
      </div>
    </section>
  );
}
