import type { Provider } from "@/lib/generated/prisma/client.ts";
import { chat, ProviderRefused, ProviderUnavailable } from "@/lib/providers/chat-client";
import { costMicros } from "@/lib/providers/cost";

// Asks a hosted model for one JSON answer and checks it with `accept` (a stage's zod schema). An
// answer that is not JSON or is not accepted is asked again, MAX_ASKS times in all, then it is
// `invalid`. An unavailable provider is `later`: the caller tries again after `retryAfterMs`; a
// provider that refuses the request (bad key, unknown model) is `failed` with `provider_refused`.
// Latency, tokens and cost add up over the asks. Used by runPrompt (lib/prompts/run-prompt.ts).

export const MAX_ASKS = 3;

export type Usage = { latencyMs: number; inputTokens: number; outputTokens: number; costMicros: number };
export type Asked<T> =
  | ({ kind: "done"; value: T } & Usage)
  | ({ kind: "invalid"; message: string } & Usage)
  | { kind: "later"; retryAfterMs: number; message: string }
  | ({ kind: "failed"; code: "provider_refused"; message: string } & Usage);

const NOT_JSON = Symbol("not JSON");

/** The JSON in a model's answer, also when it came wrapped in a ```json fence. */
function parseJson(text: string): unknown {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/i.exec(text);
  try {
    return JSON.parse(fenced ? fenced[1] : text);
  } catch {
    return NOT_JSON;
  }
}

export async function askForJson<T>(
  provider: Provider,
  model: string,
  messages: { system: string; user: string },
  accept: (value: unknown) => T | null,
  schemaName: string,
): Promise<Asked<T>> {
  const started = performance.now();
  let inputTokens = 0;
  let outputTokens = 0;
  const usage = (): Usage => ({
    latencyMs: Math.round(performance.now() - started),
    inputTokens,
    outputTokens,
    costMicros: costMicros(provider, inputTokens, outputTokens),
  });
  let last = "";
  for (let ask = 1; ask <= MAX_ASKS; ask++) {
    let text: string;
    try {
      const answer = await chat(provider, model, messages.system, messages.user);
      inputTokens += answer.inputTokens;
      outputTokens += answer.outputTokens;
      text = answer.text;
    } catch (error) {
      if (error instanceof ProviderUnavailable) return { kind: "later", retryAfterMs: error.retryAfterMs, message: error.message };
      if (error instanceof ProviderRefused) return { kind: "failed", code: error.code, message: error.message, ...usage() };
      throw error;
    }
    const value = parseJson(text);
    if (value === NOT_JSON) {
      last = `not JSON: ${text.slice(0, 100)}`;
      continue;
    }
    const accepted = accept(value);
    if (accepted !== null) return { kind: "done", value: accepted, ...usage() };
    last = `does not match the ${schemaName} schema: ${text.slice(0, 100)}`;
  }
  return { kind: "invalid", message: `The model's answer ${last} (asked ${MAX_ASKS} times).`, ...usage() };
}
