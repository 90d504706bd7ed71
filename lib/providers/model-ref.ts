import { db } from "@/lib/db";
import type { Provider } from "@/lib/generated/prisma/client.ts";

// A prompt's `model_default` is `<provider>/<model>`: `local/leadpipe-2`, `claude/claude-sonnet-4-5`.

export function parseModelRef(modelDefault: string): { providerSlug: string; model: string } {
  const [providerSlug, ...rest] = modelDefault.split("/");
  return { providerSlug, model: rest.join("/") };
}

/** The workspace's provider of that slug, or null when it has none; with its sealed key, for calling it. */
export async function findProvider(workspaceId: string, slug: string): Promise<Provider | null> {
  return db().provider.findUnique({ where: { workspaceId_slug: { workspaceId, slug } }, omit: { apiKeyEncrypted: false } });
}
