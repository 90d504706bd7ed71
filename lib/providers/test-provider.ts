import { NotFound } from "@/lib/errors";
import { chat, ProviderRefused } from "@/lib/providers/chat-client";
import { findProvider } from "@/lib/providers/model-ref";
import { SLUG_PATTERN } from "@/lib/slug";

// Settings → Providers' "Test call": one small chat call to a hosted provider with its default
// model, as a run would make it (its client library, its key, its limits), so an admin knows the
// URL, key and model work before a prompt names them. Nothing is written; the answer says whether
// it worked, how long it took, and what the provider said or what went wrong.

export type ProviderTestResult = { slug: string; ok: boolean; model: string; latency_ms: number; answer: string | null; error: string | null };

const SYSTEM = 'This is a connection test from LeadPipe. Answer with JSON only: {"ok": true}.';
const USER = 'Reply with {"ok": true}.';

export async function testProvider(workspaceId: string, slug: string): Promise<ProviderTestResult> {
  if (!SLUG_PATTERN.test(slug)) throw new NotFound("provider");
  const provider = await findProvider(workspaceId, slug);
  if (!provider) throw new NotFound("provider");
  if (provider.kind === "local")
    return {
      slug,
      ok: true,
      model: provider.defaultModel,
      latency_ms: 0,
      answer: "The built-in engine runs inside LeadPipe: there is nothing to call.",
      error: null,
    };
  const started = performance.now();
  try {
    const answer = await chat(provider, provider.defaultModel, SYSTEM, USER);
    return {
      slug,
      ok: true,
      model: provider.defaultModel,
      latency_ms: Math.round(performance.now() - started),
      answer: answer.text.slice(0, 500),
      error: null,
    };
  } catch (error) {
    const message = error instanceof ProviderRefused ? error.message : `Could not reach the provider: ${(error as Error).message}`;
    return { slug, ok: false, model: provider.defaultModel, latency_ms: Math.round(performance.now() - started), answer: null, error: message.slice(0, 500) };
  }
}
