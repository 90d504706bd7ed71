import http from "node:http";
import https from "node:https";
import { outboundAgent } from "@/lib/net/outbound-agent";
import { isOutboundRefusal, outboundUrlProblem } from "@/lib/net/outbound";

// One HTTP attempt: POST, 10 s limit for the whole exchange, redirects not followed, at most
// 16 KiB of the response body kept. Never throws: the outcome says what happened.

export const ATTEMPT_TIMEOUT_MS = 10_000;
const BODY_LIMIT = 16 * 1024;

export type AttemptOutcome = { ok: boolean; statusCode: number | null; responseBody: string | null; error: string | null; durationMs: number };

export function postWebhook(url: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<AttemptOutcome, "durationMs">): AttemptOutcome => ({ ...outcome, durationMs: Math.round(performance.now() - started) });
  const problem = outboundUrlProblem(url);
  if (problem) return Promise.resolve(done({ ok: false, statusCode: null, responseBody: null, error: `url ${problem}` }));
  return new Promise((resolve) => {
    let settled = false;
    let current: http.ClientRequest | undefined;
    const finish = (outcome: Omit<AttemptOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(outcome));
    };
    const client = url.startsWith("https:") ? https : http;
    const send = (retryOnStaleSocket: boolean) => {
      const request = client.request(
        url,
        { method: "POST", agent: outboundAgent(url), headers: { ...headers, "content-length": Buffer.byteLength(body).toString() } },
        (response) => {
          const status = response.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            if (size < BODY_LIMIT) chunks.push(chunk.subarray(0, BODY_LIMIT - size));
            size += chunk.length;
            if (size >= BODY_LIMIT) response.destroy();
          });
          const end = () => {
            const text = Buffer.concat(chunks).toString("utf8");
            const ok = status >= 200 && status < 300;
            const error = ok ? null : status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`;
            finish({ ok, statusCode: status, responseBody: text, error });
          };
          response.on("end", end);
          response.on("close", end);
          response.on("error", end);
        },
      );
      current = request;
      request.on("error", (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the receiver closed just as we reused it: send once more on a fresh one.
        if (retryOnStaleSocket && request.reusedSocket && error.code === "ECONNRESET" && !settled) return send(false);
        finish({ ok: false, statusCode: null, responseBody: null, error: isOutboundRefusal(error) ? "refused: the address is not public" : error.message });
      });
      request.end(body);
    };
    const timer = setTimeout(() => {
      current?.destroy();
      finish({ ok: false, statusCode: null, responseBody: null, error: `timed out after ${ATTEMPT_TIMEOUT_MS / 1000} s` });
    }, ATTEMPT_TIMEOUT_MS);
    send(true);
  });
}
