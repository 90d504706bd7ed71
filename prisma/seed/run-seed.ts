import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { IcpRules } from "@/lib/icp/icp";
import { promptDiff } from "@/lib/prompts/diff";
import { parseVersionLabel } from "@/lib/prompts/version-label";
import { createUser } from "@/lib/users/create-user";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";
import demo from "./demo.json";
import { MACHINE_STAGES } from "@/lib/lifecycle/stages";
import { SEED_PACKS, STAGES } from "@/prisma/seed/packs";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";
import { SEED_EVAL_SETS } from "@/prisma/seed/evals";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

/** Creates what is missing and leaves what exists alone, so it can run on every start. */
export async function seed(): Promise<void> {
  const system = await ensureWorkspace({ slug: SYSTEM_WORKSPACE_SLUG, name: "LeadPipe (built-in)" });
  const production = await seedPrompts(system.id);
  await seedPacks(system.id, production);
  await seedEvalSets(system.id);
  // The demo workspace and its logins (printed by `npm start`; change them for real use).
  await ensureWorkspace(demo.workspace);
  for (const user of demo.users) {
    await createUser({ workspaceSlug: demo.workspace.slug, ...user, role: user.role as "admin" | "reviewer" | "viewer" });
  }
}

async function seedPrompts(systemWorkspaceId: string): Promise<Map<string, string>> {
  const productionByStage = new Map<string, string>();
  for (const [name, versions] of Object.entries(SEED_PROMPTS)) {
    const prompt = await db().prompt.upsert({
      where: { name },
      create: { id: newId("prm"), workspaceId: systemWorkspaceId, name, baseName: name },
      update: {},
    });
    let previous: (typeof versions)[number] | null = null;
    let previousId: string | null = null;
    let olderId: string | null = null; // the version shipped before the newest
    for (const version of versions) {
      const label = parseVersionLabel(version.version);
      if (!label) throw new Error(`Bad seed version ${name} ${version.version}`);
      const row: { id: string } = await db().promptVersion.upsert({
        where: { promptId_version: { promptId: prompt.id, version: version.version } },
        create: {
          id: newId("pv"),
          promptId: prompt.id,
          version: version.version,
          ...label,
          modelDefault: version.modelDefault,
          system: version.system,
          userTemplate: version.userTemplate,
          evalsRef: version.evalsRef,
          shippedAt: new Date(version.shippedAt),
          diffFromPrevious: promptDiff(previous ? `${name} ${previous.version}` : "/dev/null", previous, `${name} ${version.version}`, version),
          parentId: previousId,
        },
        update: {},
      });
      previous = version;
      olderId = previousId;
      previousId = row.id;
    }
    // A new install starts on the newest version; an install still on the version shipped before it
    // (nobody chose another) moves to the newest, and so do the built-in packs that pinned it.
    const follows = !prompt.productionVersionId || (olderId !== null && prompt.productionVersionId === olderId);
    if (follows && previousId && prompt.productionVersionId !== previousId) {
      await db().prompt.update({ where: { id: prompt.id }, data: { productionVersionId: previousId } });
      if (olderId)
        await db().packPrompt.updateMany({
          where: { promptVersionId: olderId, pack: { workspaceId: systemWorkspaceId } },
          data: { promptVersionId: previousId },
        });
    }
    productionByStage.set(name, follows ? previousId! : prompt.productionVersionId!);
  }
  return productionByStage;
}

async function seedPacks(systemWorkspaceId: string, production: Map<string, string>): Promise<void> {
  for (const pack of SEED_PACKS) {
    const icp = IcpRules.parse(pack.icp);
    const row = await db().pack.upsert({
      where: { workspaceId_slug: { workspaceId: systemWorkspaceId, slug: pack.slug } },
      create: { id: newId("pack"), workspaceId: systemWorkspaceId, slug: pack.slug, name: pack.name, description: pack.description, stages: STAGES, icp },
      update: {},
    });
    for (const [stage, promptVersionId] of production) {
      // A pack pins the stages a run carries each lead through; follow_up is chosen per campaign step.
      if (!(MACHINE_STAGES as readonly string[]).includes(stage)) continue;
      await db().packPrompt.upsert({
        where: { packId_stage: { packId: row.id, stage } },
        create: { packId: row.id, stage, promptVersionId },
        update: {},
      });
    }
  }
}

/** The built-in eval sets; a set already there keeps its cases (its case names are its seed keys). */
async function seedEvalSets(systemWorkspaceId: string): Promise<void> {
  for (const set of SEED_EVAL_SETS) {
    const row = await db().evalSet.upsert({
      where: { workspaceId_ref: { workspaceId: systemWorkspaceId, ref: set.ref } },
      create: {
        id: newId("evs"),
        workspaceId: systemWorkspaceId,
        ref: set.ref,
        stage: set.stage,
        name: set.name,
        description: set.description,
        context: set.context as Prisma.InputJsonObject,
      },
      update: {},
    });
    const have = new Set(
      (await db().evalCase.findMany({ where: { setId: row.id, workspaceId: systemWorkspaceId }, select: { name: true } })).map((c) => c.name),
    );
    const missing = set.cases.filter((c) => !have.has(c.name));
    if (missing.length === 0) continue;
    await db().evalCase.createMany({
      data: missing.map((c) => ({
        id: newId("evc"),
        setId: row.id,
        workspaceId: systemWorkspaceId,
        name: c.name,
        input: c.input as Prisma.InputJsonObject,
        expect: c.expect as Prisma.InputJsonObject,
        source: "seed",
      })),
    });
  }
}
