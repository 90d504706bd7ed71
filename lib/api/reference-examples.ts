import { sample } from "openapi-sampler";

// Request and response examples for /docs/api, sampled from the OpenAPI document with
// openapi-sampler (Redocly's): a schema's own `example` wins; for bare strings a field's name picks a
// readable value, so examples read like real calls rather than "string".

type JSONSchema7 = Parameters<typeof sample>[0];
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>>; components?: unknown };
type OpenApiOperation = {
  operationId: string;
  parameters?: { name: string; in: string; schema?: JSONSchema7 }[];
  requestBody?: { content?: Record<string, { schema?: JSONSchema7 }> };
  responses: Record<string, { content?: Record<string, { schema?: JSONSchema7 }> }>;
};
export type OperationExample = { curl: string; response?: { status: number; body: string } };

const BY_NAME: Record<string, string> = {
  email: "ada@acme.com",
  first_name: "Ada",
  last_name: "Lovelace",
  company: "Acme",
  title: "VP Sales",
  domain: "acme.com",
  website: "https://acme.com",
  linkedin_url: "https://www.linkedin.com/in/ada",
  country: "US",
  industry: "Software",
  notes: "Met at SaaStr",
  url: "https://hooks.example.com/leadpipe",
  reason: "Not a fit for this campaign",
  subject: "Quick question about Acme's hiring",
  body: "Hi Ada,\n\nI noticed Acme is hiring three SDRs…",
  q: "acme",
  pack: "saas-outbound",
  slug: "saas-outbound",
};
const SAFE = Number.MAX_SAFE_INTEGER;

/** Request bodies written by hand where the required fields alone would not make a useful call.
 * `reference-examples.test.ts` parses each with its operation's schema, so they cannot go stale. */
export const CURATED_BODIES: Record<string, unknown> = {
  createRun: { pack: "saas-outbound", leads_csv_url: "s3://leads/march.csv", stop_after: "draft_email", pins: { draft_email: "draft_email@acme:v1.3.0-acme" } },
  putOffer: {
    product: "Acme Ledger, invoice automation for finance teams",
    audience: "finance leaders at mid-size software companies",
    value_propositions: ["Closes the books two days faster"],
    proof_points: ["Used by 300 finance teams"],
    call_to_action: "Would a 15-minute call next week be useful?",
    sender_name: "Maya Chen",
    sender_title: "Head of Partnerships",
    signature: "Acme Ledger · acme.com",
    tone: "friendly",
  },
  putRelay: {
    host: "smtp.acme.com",
    port: 587,
    secure: false,
    username: "outbound@acme.com",
    password: "app-password",
    from_email: "maya@acme.com",
    from_name: "Maya Chen",
  },
  createReply: {
    in_reply_to: "<drf_01jd0000000000000000000002@mail.acme.com>",
    from: "ada@prospect.io",
    subject: "Re: Quick question",
    text: "Sounds interesting, can we talk Tuesday?",
    received_at: "2026-11-21T10:00:00Z",
  },
  createCampaign: { name: "Q4 finance leaders", pack: "saas-outbound", pins: { draft_email: "draft_email@acme:v1.3.0-acme" } },
  updateCampaign: { pins: { draft_email: "draft_email@acme:v1.3.1-acme" } },
  upsertProvider: { kind: "openai-compatible", base_url: "https://api.openai.com/v1", default_model: "gpt-4o-mini", max_concurrency: 20, api_key: "sk-…" },
  updatePack: { prompts: { draft_email: "draft_email@acme:v1.3.0-acme" }, offer: { tone: "direct" } },
  forkPack: { slug: "saas-outbound-acme", name: "SaaS outbound (Acme)" },
  importSuppressions: { csv: "email,reason\nada@prospect.io,asked to stop\n" },
  createReplay: { prompt: "draft_email@acme", version: "v1.3.0-acme", run_id: "run_01jd0000000000000000000003", leads: 20 },
  replayDeadLetters: { ids: ["dly_01jd0000000000000000000004"] },
};

/** zod's `.int()` states ±2^53−1 bounds, which samplers take literally; drop them. */
function withoutSafeIntBounds<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutSafeIntBounds) as T;
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if ((key === "minimum" || key === "maximum") && Math.abs(inner as number) === SAFE) continue;
    out[key] = withoutSafeIntBounds(inner);
  }
  return out as T;
}

function readable(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => readable(item, key));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, readable(v, k)]));
  if (value === "string" && key && BY_NAME[key]) return BY_NAME[key];
  return value;
}

function sampled(schema: JSONSchema7, document: OpenApiDocument, forRequest: boolean): unknown {
  const options = forRequest ? { skipReadOnly: true, skipNonRequired: true, quiet: true } : { skipWriteOnly: true, quiet: true };
  return readable(sample(schema, options, document));
}

const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** `openApi` is the document from lib/api/openapi.ts. */
export function operationExamples(openApi: unknown): Map<string, OperationExample> {
  const document = withoutSafeIntBounds(openApi as OpenApiDocument);
  const examples = new Map<string, OperationExample>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const schema = operation.parameters?.find((parameter) => parameter.in === "path" && parameter.name === name)?.schema;
        const value = schema ? readable(sample(schema, { quiet: true }, document), name) : undefined;
        return typeof value === "string" && value !== "string" ? encodeURIComponent(value) : name.toUpperCase();
      });
      const lines = [`curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} "$LEADPIPE_URL/v1${url}"`, `  -H "Authorization: Bearer $LEADPIPE_TOKEN"`];
      const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
      if (bodySchema) {
        lines.push(`  -H "Content-Type: application/json"`);
        const body = CURATED_BODIES[operation.operationId] ?? sampled(bodySchema, document, true);
        lines.push(`  -d ${shellQuote(JSON.stringify(body, null, 2))}`);
      } else if (operation.requestBody?.content?.["multipart/form-data"]) {
        lines.push(`  -F "file=@leads.csv"`);
      }
      const [status, success] = Object.entries(operation.responses).find(([code]) => code.startsWith("2")) ?? [];
      const responseSchema = success?.content?.["application/json"]?.schema;
      examples.set(operation.operationId, {
        curl: lines.join(" \\\n"),
        response: status
          ? { status: Number(status), body: responseSchema ? JSON.stringify(sampled(responseSchema, document, false), null, 2) : "" }
          : undefined,
      });
    }
  }
  return examples;
}
