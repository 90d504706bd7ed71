import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for Anthropic (we cannot reach it here): a real HTTP server on loopback that speaks
// the Messages API (`POST /v1/messages`). Every answer uses 120 input and 30 output tokens. It
// answers each stage and reply classification with valid JSON, except where the user message
// names "Ratelimit" (a 429 with Retry-After: 1 on the first call of each kind), "Garbage" (prose,
// never JSON) or "Fenced" (the JSON wrapped in a ```json fence, as models sometimes answer).

export type SeenMessage = { apiKey: string | undefined; version: string | undefined; model: string; maxTokens: number; system: string; user: string };

export const FAKE_USAGE = { input_tokens: 120, output_tokens: 30 };

function answer(system: string, user: string): unknown {
  if (/buying signals/i.test(system)) return { seniority: "vp", department: "engineering", intent: ["evaluating vendors"] };
  if (/ideal customer profile/i.test(system)) return { qualified: true, score: 91, reasons: ["Claude says it fits"] };
  if (/classify a reply/i.test(system)) return { classification: "meeting_request", confidence: 0.87 };
  const name = /Hi (\w+)/.exec(user)?.[1] ?? "there";
  return { subject: `Claude subject for ${name}`, body: `Hi ${name},\n\nWritten by Claude.\n\nSam` };
}

function message(text: string, model: string) {
  return {
    id: "msg_test",
    type: "message",
    role: "assistant",
    model,
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: FAKE_USAGE,
  };
}

export async function startFakeAnthropicServer(options: { delayMs?: number } = {}) {
  const seen: SeenMessage[] = [];
  const rateLimited = new Set<string>();
  const stats = { inFlight: 0, maxInFlight: 0 };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/messages") {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "Not found" } }));
        return;
      }
      const body = JSON.parse(raw) as { model: string; max_tokens: number; system?: string; messages: { role: string; content: string }[] };
      const system = body.system ?? "";
      const user = body.messages.find((m) => m.role === "user")?.content ?? "";
      // SDK 1.x sends the key as `Authorization: Bearer`; older clients send `x-api-key`.
      const apiKey = (req.headers["x-api-key"] as string | undefined) ?? req.headers.authorization?.replace(/^Bearer /, "");
      if (!apiKey) {
        res
          .writeHead(401, { "content-type": "application/json" })
          .end(JSON.stringify({ type: "error", error: { type: "authentication_error", message: "Missing API key" } }));
        return;
      }
      seen.push({ apiKey, version: req.headers["anthropic-version"] as string | undefined, model: body.model, maxTokens: body.max_tokens, system, user });
      stats.maxInFlight = Math.max(stats.maxInFlight, ++stats.inFlight);
      const reply = () => {
        stats.inFlight--;
        const key = `${system.slice(0, 40)}|${user}`;
        if (user.includes("Ratelimit") && !rateLimited.has(key)) {
          rateLimited.add(key);
          res
            .writeHead(429, { "content-type": "application/json", "retry-after": "1" })
            .end(JSON.stringify({ type: "error", error: { type: "rate_limit_error", message: "Number of requests has exceeded your rate limit" } }));
          return;
        }
        const json = JSON.stringify(answer(system, user));
        const text = user.includes("Garbage") ? "Happy to help! This lead looks promising." : user.includes("Fenced") ? `\`\`\`json\n${json}\n\`\`\`` : json;
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(message(text, body.model)));
      };
      setTimeout(reply, options.delayMs ?? 0);
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    stats,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
