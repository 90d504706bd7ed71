import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for a hosted model (we cannot run one here): a real HTTP server on loopback that
// speaks OpenAI's chat-completions protocol. It answers each stage with valid JSON, except for
// leads named "Ratelimit" (a 429 with Retry-After on the first call) and "Garbage" (never JSON),
// and a 401 for the API key "sk-wrong". A system prompt that says "discount" gets a discount offered.
// `options.draft` answers a draft stage's request itself when it returns an answer (a test's own
// email, with or without the `evidence` a draft stage asks for); null leaves it to the default.

export type SeenRequest = { authorization: string | undefined; model: string; system: string; user: string };

function completion(content: string, model: string) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 42, completion_tokens: 17, total_tokens: 59 },
  };
}

function answer(system: string, user: string): unknown {
  if (/buying signals/i.test(system)) return { seniority: "vp", department: "engineering", intent: ["hiring"] };
  if (/ideal customer profile/i.test(system)) return { qualified: true, score: 88, reasons: ["Fits the profile"] };
  const name = /Hi (\w+)/.exec(user)?.[1] ?? "there";
  // A prompt that tells the model to offer a discount gets one (the reply evals' forbidden check).
  const discount = /discount/i.test(system) ? "\nAs a thank-you, you get a 20% discount this month." : "";
  return { subject: `LLM subject for ${name}`, body: `Hi ${name},\n\nWritten by the model.${discount}\n\nSam` };
}

type DraftAnswer = (request: { system: string; user: string }) => Record<string, unknown> | null;

export async function startFakeChatServer(options: { delayMs?: number; draft?: DraftAnswer } = {}) {
  const seen: SeenRequest[] = [];
  const rateLimited = new Set<string>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
      const system = body.messages.find((m) => m.role === "system")?.content ?? "";
      const user = body.messages.find((m) => m.role === "user")?.content ?? "";
      seen.push({ authorization: req.headers.authorization, model: body.model, system, user });
      const reply = () => {
        if (req.headers.authorization === "Bearer sk-wrong") {
          res
            .writeHead(401, { "content-type": "application/json" })
            .end(JSON.stringify({ error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } }));
          return;
        }
        const key = `${system.slice(0, 40)}|${user}`;
        if (user.includes("Ratelimit") && !rateLimited.has(key)) {
          rateLimited.add(key);
          res
            .writeHead(429, { "content-type": "application/json", "retry-after": "1" })
            .end(JSON.stringify({ error: { message: "Rate limit reached", type: "rate_limit_exceeded" } }));
          return;
        }
        const own = /"subject": string, "body": string/.test(system) ? options.draft?.({ system, user }) : null;
        const content = user.includes("Garbage") ? "Sure! Here is what you asked for." : JSON.stringify(own ?? answer(system, user));
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion(content, body.model)));
      };
      if (options.delayMs) setTimeout(reply, options.delayMs);
      else reply();
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
