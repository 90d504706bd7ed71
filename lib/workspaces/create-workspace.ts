import { db } from "@/lib/db";
import type { Plan } from "@/lib/generated/prisma/enums.ts";
import { newId } from "@/lib/ids";
import { Conflict, ValidationFailed } from "@/lib/errors";
import { Slug, SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

export type CreateWorkspaceOptions = { slug: string; name: string; plan?: Plan };

/** Creates a workspace with its built-in `local` provider. Refuses a taken or reserved slug. */
export async function createWorkspace({ slug, name, plan = "free" }: CreateWorkspaceOptions) {
  if (!Slug.safeParse(slug).success) throw new ValidationFailed([{ path: "slug", message: "must be a valid slug" }]);
  if (slug === SYSTEM_WORKSPACE_SLUG) throw new Conflict(`The slug "${slug}" is reserved.`);
  const existing = await db().workspace.findUnique({ where: { slug } });
  if (existing) throw new Conflict(`A workspace with slug "${slug}" exists.`);
  return ensureWorkspace({ slug, name, plan });
}

/** Idempotent form used by the seed: creates what is missing, changes nothing that exists. */
export async function ensureWorkspace({ slug, name, plan = "free" }: CreateWorkspaceOptions) {
  return db().$transaction(async (tx) => {
    const workspace = await tx.workspace.upsert({
      where: { slug },
      create: { id: newId("ws"), slug, name, plan },
      update: {},
    });
    if (slug !== SYSTEM_WORKSPACE_SLUG) {
      await tx.provider.upsert({
        where: { workspaceId_slug: { workspaceId: workspace.id, slug: "local" } },
        create: {
          id: newId("prov"),
          workspaceId: workspace.id,
          slug: "local",
          kind: "local",
          defaultModel: "local/leadpipe-1",
          maxConcurrency: 64,
          requestsPerMinute: 1_000_000,
        },
        update: {},
      });
    }
    return workspace;
  });
}
