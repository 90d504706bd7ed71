import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";

async function counts() {
  const [workspaces, users, memberships, prompts, versions, packs, pins, providers] = await Promise.all([
    db().workspace.count(),
    db().user.count(),
    db().membership.count(),
    db().prompt.count(),
    db().promptVersion.count(),
    db().pack.count(),
    db().packPrompt.count(),
    db().provider.count(),
  ]);
  return { workspaces, users, memberships, prompts, versions, packs, pins, providers };
}

beforeAll(resetDatabase);

describe("seed", () => {
  it("creates the built-in and demo data, and a second run duplicates nothing", async () => {
    await seed();
    const first = await counts();
    await seed();
    expect(await counts()).toEqual(first);
    // Six prompts (the four machine stages, follow_up and reply); the built-in packs pin the four
    // stages and reply (contract §13: a pack's and campaign's resolved set includes reply), not follow_up.
    expect(first).toMatchObject({ workspaces: 2, users: 3, memberships: 3, prompts: 6, versions: 18, packs: 2, pins: 10 });
    const followUp = await db().prompt.findUniqueOrThrow({ where: { name: "follow_up" }, include: { productionVersion: true } });
    expect(followUp.productionVersion).toMatchObject({ version: "v1.1.0", evalsRef: "evals/follow_up" });
    expect(await db().packPrompt.count({ where: { stage: "follow_up" } })).toBe(0);
  });

  it("ships really different versions of each stage prompt, newest in production", async () => {
    const newest: Record<string, string> = { extract_signals: "v1.2.0", qualify: "v1.2.0", draft_email: "v1.5.0", track: "v1.2.0" };
    for (const name of ["extract_signals", "qualify", "draft_email", "track"]) {
      const prompt = await db().prompt.findUniqueOrThrow({
        where: { name },
        include: { versions: { orderBy: { shippedAt: "asc" } }, productionVersion: true },
      });
      expect(prompt.versions.map((v) => v.version)).toEqual(["v1.0.0", "v1.1.0", "v1.2.0", "v1.3.0", "v1.4.0", "v1.5.0"].filter((v) => v <= newest[name]));
      expect(prompt.productionVersion?.version).toBe(newest[name]);
      expect(new Set(prompt.versions.map((v) => v.system + v.userTemplate)).size).toBe(prompt.versions.length);
      const [first, second, third] = prompt.versions;
      expect(first.parentId).toBeNull();
      expect(second.parentId).toBe(first.id);
      expect(third.diffFromPrevious).toMatch(/^-.*$/m);
      expect(third.diffFromPrevious).toMatch(/^\+.*$/m);
    }
  });

  it("moves an install still on the previously shipped version, and the built-in packs pinning it, to the newest", async () => {
    const draft = await db().prompt.findUniqueOrThrow({ where: { name: "draft_email" }, include: { versions: true } });
    const v14 = draft.versions.find((v) => v.version === "v1.4.0")!;
    const v15 = draft.versions.find((v) => v.version === "v1.5.0")!;
    await db().prompt.update({ where: { id: draft.id }, data: { productionVersionId: v14.id } });
    await db().packPrompt.updateMany({ where: { stage: "draft_email" }, data: { promptVersionId: v14.id } });
    await seed();
    expect((await db().prompt.findUniqueOrThrow({ where: { id: draft.id } })).productionVersionId).toBe(v15.id);
    expect((await db().packPrompt.findMany({ where: { stage: "draft_email" } })).map((p) => p.promptVersionId)).toEqual([v15.id, v15.id]);
    // A production version someone chose (not the one shipped before the newest) is left alone.
    const v11 = draft.versions.find((v) => v.version === "v1.1.0")!;
    await db().prompt.update({ where: { id: draft.id }, data: { productionVersionId: v11.id } });
    await seed();
    expect((await db().prompt.findUniqueOrThrow({ where: { id: draft.id } })).productionVersionId).toBe(v11.id);
    await db().prompt.update({ where: { id: draft.id }, data: { productionVersionId: v15.id } });
  });

  it("gives the demo workspace an admin, a reviewer and a viewer who can sign in, and a local provider", async () => {
    const { authenticateUser } = await import("@/lib/auth/authenticate-user");
    const demo = await db().workspace.findUniqueOrThrow({ where: { slug: "demo" }, include: { memberships: true, providers: true } });
    expect(demo.memberships.map((m) => m.role).sort()).toEqual(["admin", "reviewer", "viewer"]);
    expect(demo.providers.map((p) => p.slug)).toEqual(["local"]);
    expect(await authenticateUser("Admin@Example.com", "demo-admin-pass")).toMatchObject({ email: "admin@example.com", workspaceId: demo.id });
    expect(await authenticateUser("admin@example.com", "wrong-password")).toBeNull();
    expect(await authenticateUser("nobody@example.com", "demo-admin-pass")).toBeNull();
  });
});
