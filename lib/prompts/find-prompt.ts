import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

export const PROMPT_NAME = /^[a-z][a-z0-9_]{1,62}(@[a-z0-9][a-z0-9-]{1,62})?$/;

/** A prompt the workspace may see: a production prompt, or one of its own forks. Else 404. */
export async function findVisiblePrompt(workspaceId: string, name: string) {
  if (!PROMPT_NAME.test(name)) throw new NotFound("prompt");
  const prompt = await db().prompt.findUnique({ where: { name }, include: { workspace: { select: { slug: true } } } });
  if (!prompt || (prompt.workspaceId !== workspaceId && prompt.workspace.slug !== SYSTEM_WORKSPACE_SLUG)) throw new NotFound("prompt");
  return prompt;
}
