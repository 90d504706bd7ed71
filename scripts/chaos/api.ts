// The driver's /v1 client. The web process is killed under it several times, so every call is
// retried on a refused or dropped connection, a 5xx and a 429 (after Retry-After) until a
// deadline. Every POST carries an Idempotency-Key, so a retry of a request whose first try was
// done (but whose answer was lost with the process) does not do the work twice.
import { randomUUID } from "node:crypto";

export type Answer = { status: number; body: Record<string, unknown> };

export type ApiStats = { calls: number; retries: number; errors: Record<string, number> };

export function apiClient(baseUrl: string, { deadlineMs = 180_000 } = {}) {
  const stats: ApiStats = { calls: 0, retries: 0, errors: {} };
  const note = (kind: string) => (stats.errors[kind] = (stats.errors[kind] ?? 0) + 1);

  async function call(method: string, path: string, token: string, body?: unknown): Promise<Answer> {
    stats.calls++;
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (method === "POST" || method === "PUT") headers["idempotency-key"] = randomUUID();
    const deadline = Date.now() + deadlineMs;
    let last = "";
    for (let attempt = 0; Date.now() < deadline; attempt++) {
      if (attempt > 0) stats.retries++;
      let wait = Math.min(2_000, 100 * 2 ** attempt);
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await response.text();
        if (response.status === 409 && /in progress/i.test(text)) {
          // Our own earlier try of this very request (same Idempotency-Key) was cut off with the
          // web process; its claim is taken over once it is a minute old.
          note("409 in progress");
          last = "409 in progress";
        } else if (response.status === 429) {
          wait = Number(response.headers.get("retry-after") ?? 1) * 1000;
          last = "429";
        } else if (response.status >= 500) {
          // 503 is the contract's answer while PostgreSQL or Redis is away; a 500 is counted apart.
          note(String(response.status));
          last = `${response.status} ${text.slice(0, 200)}`;
        } else {
          return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
        }
      } catch (error) {
        last = (error as Error).cause ? String((error as Error).cause) : String(error);
        note("connection");
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    throw new Error(`${method} ${path}: no answer within ${deadlineMs / 1000} s (last: ${last})`);
  }

  return { call, stats };
}

export type Api = ReturnType<typeof apiClient>;

/** Fails unless the answer has one of the expected statuses. */
export function expectStatus(answer: Answer, what: string, ...statuses: number[]): Answer {
  if (!statuses.includes(answer.status)) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer;
}
