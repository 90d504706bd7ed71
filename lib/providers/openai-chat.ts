import OpenAI from "openai";
import type { Provider } from "@/lib/generated/prisma/client.ts";
import { clientPerProvider, providerError, type ChatAnswer } from "@/lib/providers/provider-call";

// An `openai-compatible` provider through the official `openai` client: chat completions in JSON
// mode.

const client = clientPerProvider((options) => new OpenAI(options));

export async function openAiChat(provider: Provider, model: string, system: string, user: string): Promise<ChatAnswer> {
  try {
    const completion = await client(provider).chat.completions.create({
      model,
      messages: [
        { role: "system", content: system },
        { role: "user", content: user },
      ],
      response_format: { type: "json_object" },
    });
    return {
      text: completion.choices[0]?.message?.content ?? "",
      inputTokens: completion.usage?.prompt_tokens ?? 0,
      outputTokens: completion.usage?.completion_tokens ?? 0,
    };
  } catch (error) {
    throw providerError(provider.slug, error as Error);
  }
}
