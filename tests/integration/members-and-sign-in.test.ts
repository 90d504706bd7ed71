import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db";
import { closeRedis } from "@/lib/redis";
import { addMember } from "@/lib/members/add-member";
import { changeMemberRole } from "@/lib/members/change-role";
import { MAX_PER_EMAIL_AND_ADDRESS, signInSucceeded, takeSignInAttempt } from "@/lib/auth/sign-in-limit";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { resetDatabase } from "../helpers/db";

const actor = { type: "system" as const, id: "test", name: "test" };
let workspaceId: string;

beforeAll(async () => {
  await resetDatabase();
  workspaceId = (await createWorkspace({ slug: "members-test", name: "Members test" })).id;
});
afterAll(async () => {
  await closeRedis(); // the next file in this process opens its own
});

describe("members", () => {
  it("adds a member with an audit entry and refuses an email that already has an account", async () => {
    const member = await addMember(workspaceId, { email: "Ann@Example.com", name: "Ann", password: "long enough pass", role: "admin" }, actor);
    expect(member).toMatchObject({ email: "ann@example.com", role: "admin" });
    await expect(
      addMember(workspaceId, { email: "ann@example.com", name: "Ann again", password: "long enough pass", role: "viewer" }, actor),
    ).rejects.toMatchObject({ status: 409 });
    const audit = await db().auditEntry.findMany({ where: { workspaceId, action: "member.added" } });
    expect(audit).toHaveLength(1);
  });

  it("keeps one admin when two admins demote each other at the same moment", async () => {
    const a = await addMember(workspaceId, { email: "a@example.com", name: "A", password: "long enough pass", role: "admin" }, actor);
    const b = await addMember(workspaceId, { email: "b@example.com", name: "B", password: "long enough pass", role: "admin" }, actor);
    await changeMemberRole(workspaceId, (await db().user.findUniqueOrThrow({ where: { email: "ann@example.com" } })).id, "viewer", actor);
    // Hold the admin rows so both demotions are in flight together when they are released: without
    // the lock inside changeMemberRole, both would count two admins and both would succeed.
    const holder = await sql().connect();
    await holder.query("BEGIN");
    await holder.query(`SELECT 1 FROM memberships WHERE "workspaceId" = $1 AND role = 'admin' FOR UPDATE`, [workspaceId]);
    const racing = Promise.allSettled([changeMemberRole(workspaceId, a.user_id, "viewer", actor), changeMemberRole(workspaceId, b.user_id, "viewer", actor)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await holder.query("COMMIT");
    holder.release();
    const outcomes = await racing;
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, code: "last_admin" });
    expect(await db().membership.count({ where: { workspaceId, role: "admin" } })).toBe(1);
    expect(await db().auditEntry.count({ where: { workspaceId, action: "member.role_changed" } })).toBe(2);
  });
});

describe("sign-in limit", () => {
  it("refuses the attempt after the limit for that email and address only, and a success starts afresh", async () => {
    const email = `limit-${Date.now()}@example.com`;
    for (let i = 0; i < MAX_PER_EMAIL_AND_ADDRESS; i++) expect(await takeSignInAttempt(email, "203.0.113.1")).toEqual({ allowed: true });
    const refused = await takeSignInAttempt(email, "203.0.113.1");
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(800);
    expect(await takeSignInAttempt(email, "203.0.113.2")).toEqual({ allowed: true });
    expect(await takeSignInAttempt(email.toUpperCase(), "203.0.113.1")).toMatchObject({ allowed: false });
    await signInSucceeded(email, "203.0.113.1");
    expect(await takeSignInAttempt(email, "203.0.113.1")).toEqual({ allowed: true });
  });
});
