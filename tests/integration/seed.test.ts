import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";

async function counts() {
  const [workspaces, users, memberships, prompts, versions, packs, pins, providers] = await Promise.all([
    db().workspace.count(), db().user.count(), db().membership.count(), db().prompt.count(),
    db().promptVersion.count(), db().pack.count(), db().packPrompt.count(), db().provider.count(),
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
    expect(first).toMatchObject({ workspaces: 2, users: 3, memberships: 3, prompts: 4, versions: 12, packs: 2, pins: 8 });
  });

  it("ships three really different versions of each stage prompt, newest in production", async () => {
    for (const name of ["extract_signals", "qualify", "draft_email", "track"]) {
      const prompt = await db().prompt.findUniqueOrThrow({
        where: { name },
        include: { versions: { orderBy: { shippedAt: "asc" } }, productionVersion: true },
      });
      expect(prompt.versions.map((v) => v.version)).toEqual(["v1.0.0", "v1.1.0", "v1.2.0"]);
      expect(prompt.productionVersion?.version).toBe("v1.2.0");
      expect(new Set(prompt.versions.map((v) => v.system + v.userTemplate)).size).toBe(3);
      const [first, second, third] = prompt.versions;
      expect(first.parentId).toBeNull();
      expect(second.parentId).toBe(first.id);
      expect(third.diffFromPrevious).toMatch(/^-.*$/m);
      expect(third.diffFromPrevious).toMatch(/^\+.*$/m);
    }
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
