import Anthropic from "@anthropic-ai/sdk";
import type { Provider } from "@/lib/generated/prisma/client.ts";
import { clientPerProvider, providerError, type ChatAnswer } from "@/lib/providers/provider-call";

// An `anthropic` provider through the official `@anthropic-ai/sdk` client: the Messages API. It has
// no JSON mode, so the system prompt asks for one JSON object and the caller validates the answer
// (lib/prompts/ask-model.ts).

const MAX_OUTPUT_TOKENS = 4_096;
const JSON_ONLY = "Answer with one JSON object only: no prose before or after it, no code fences.";

const client = clientPerProvider((options) => new Anthropic(options));

export async function anthropicChat(provider: Provider, model: string, system: string, user: string): Promise<ChatAnswer> {
  try {
    const message = await client(provider).messages.create({
      model,
      max_tokens: MAX_OUTPUT_TOKENS,
      system: `${system}\n\n${JSON_ONLY}`,
      messages: [{ role: "user", content: user }],
    });
    const text = message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
    return { text, inputTokens: message.usage?.input_tokens ?? 0, outputTokens: message.usage?.output_tokens ?? 0 };
  } catch (error) {
    throw providerError(provider.slug, error as Error);
  }
}
