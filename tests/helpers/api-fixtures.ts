import { inject } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { seed } from "@/prisma/seed/run-seed";
import { createToken } from "@/lib/tokens/create-token";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import type { Plan, Role, TokenScope } from "@/lib/generated/prisma/enums.ts";

const TEST_ACTOR = { type: "system" as const, id: "tests", name: "tests" };
let seeded: Promise<void> | undefined;

export type ApiAnswer = { status: number; headers: Headers; body: Record<string, unknown> & { data?: Record<string, unknown>[] } };

export type CallOptions = { token?: string | null; body?: unknown; rawBody?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string> };

/** One HTTP call to the running app. `body` is sent as JSON; `token` null sends no Authorization. */
export async function call(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(`${inject("apiUrl")}${path}`, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  let parsed: ApiAnswer["body"] = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { text };
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

async function addMember(workspaceId: string, role: Role, slug: string) {
  const user = await db().user.create({
    data: { id: newId("usr"), email: `${role}-${slug}@example.com`, name: `${role} of ${slug}`, passwordHash: "not-used" },
  });
  await db().membership.create({ data: { workspaceId, userId: user.id, role } });
  return user;
}

async function token(workspaceId: string, userId: string, scope: TokenScope, name: string, expiresInDays: number | null = null) {
  return (await createToken({ workspaceId, userId, name, scope, expiresInDays, actor: TEST_ACTOR })).token;
}

/** A fresh workspace with an admin, a reviewer and a viewer, and tokens for each. */
export async function testWorkspace(label: string, plan: Plan = "free") {
  seeded ??= seed();
  await seeded;
  const slug = `${label}-${newId("ws").slice(-8)}`;
  const workspace = await ensureWorkspace({ slug, name: `Test ${label}`, plan });
  const admin = await addMember(workspace.id, "admin", slug);
  const reviewer = await addMember(workspace.id, "reviewer", slug);
  const viewer = await addMember(workspace.id, "viewer", slug);
  return {
    workspace,
    users: { admin, reviewer, viewer },
    tokens: {
      admin: await token(workspace.id, admin.id, "write", "admin write"),
      adminRead: await token(workspace.id, admin.id, "read", "admin read"),
      reviewer: await token(workspace.id, reviewer.id, "write", "reviewer write"),
      viewer: await token(workspace.id, viewer.id, "write", "viewer write"),
    },
    newToken: (scope: TokenScope = "write", expiresInDays: number | null = null) => token(workspace.id, admin.id, scope, "extra", expiresInDays),
  };
}
export type TestWorkspace = Awaited<ReturnType<typeof testWorkspace>>;
