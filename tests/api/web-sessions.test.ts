import { describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { changeMemberRole } from "@/lib/members/change-role";
import { testWorkspace } from "../helpers/api-fixtures";
import { sameOrigin, signInAs } from "../helpers/web-session";

// Sessions end on the server: a session cookie copied before sign-out (or before a role change)
// is refused afterwards, although its JWT has not expired.

async function webGet(cookie: string) {
  const answer = await fetch(`${inject("apiUrl")}/api/web/pin-options`, { headers: sameOrigin(cookie), redirect: "manual" });
  return answer.status;
}

async function signOut(cookie: string) {
  const base = inject("apiUrl");
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const answer = await fetch(`${base}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ csrfToken, callbackUrl: `${base}/login`, json: "true" }),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: [cookie, csrfCookie].filter(Boolean).join("; "), origin: base },
  });
  expect([200, 302]).toContain(answer.status);
}

describe("server-side web sessions", () => {
  it("a cookie copied before sign-out gets 401 after it; other sessions of the user live on", async () => {
    const ws = await testWorkspace("sessions");
    const copied = await signInAs(ws.users.admin);
    const other = await signInAs(ws.users.admin);
    expect(await webGet(copied)).toBe(200);
    await signOut(copied);
    expect(await webGet(copied)).toBe(401);
    expect(await webGet(other)).toBe(200);
  });

  it("a role change ends every session of the member", async () => {
    const ws = await testWorkspace("sessions-role");
    const cookie = await signInAs(ws.users.viewer);
    expect(await webGet(cookie)).toBe(200);
    await changeMemberRole(ws.workspace.id, ws.users.viewer.id, "reviewer", { type: "system", id: "tests", name: "tests" });
    expect(await webGet(cookie)).toBe(401);
  });

  it("lists the user's own live sessions, ends one of them, and refuses another user's session", async () => {
    const ws = await testWorkspace("sessions-list");
    const here = await signInAs(ws.users.admin);
    const laptop = await signInAs(ws.users.admin);
    const colleague = await signInAs(ws.users.viewer);
    const base = inject("apiUrl");
    const list = async (cookie: string) =>
      (await (await fetch(`${base}/api/web/sessions`, { headers: sameOrigin(cookie) })).json()) as {
        data: { id: string; current: boolean; user_agent: string | null; address: string | null }[];
      };
    const mine = await list(here);
    expect(mine.data).toHaveLength(2);
    expect(mine.data.filter((row) => row.current)).toHaveLength(1);
    expect(mine.data.every((row) => row.user_agent && row.address)).toBe(true);
    const theirs = (await list(colleague)).data;
    expect(theirs).toHaveLength(1);

    // Another user's session, even in the same workspace, is not found.
    const refused = await fetch(`${base}/api/web/sessions/${theirs[0].id}`, { method: "DELETE", headers: sameOrigin(here) });
    expect(refused.status).toBe(404);
    expect(await webGet(colleague)).toBe(200);

    const other = mine.data.find((row) => !row.current)!;
    const ended = await fetch(`${base}/api/web/sessions/${other.id}`, { method: "DELETE", headers: sameOrigin(here) });
    expect(ended.status).toBe(200);
    expect(await webGet(laptop)).toBe(401);
    expect(await webGet(here)).toBe(200);
    expect((await list(here)).data.map((row) => row.id)).not.toContain(other.id);
    const audit = await db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, action: "session.ended" } });
    expect(audit.map((entry) => entry.data)).toEqual([{ session_id: other.id }]);
  });

  it("signs out everywhere only when the body confirms it, ending every session of the user, audited", async () => {
    const ws = await testWorkspace("sessions-everywhere");
    const one = await signInAs(ws.users.reviewer);
    const two = await signInAs(ws.users.reviewer);
    const colleague = await signInAs(ws.users.admin);
    const base = inject("apiUrl");
    const post = (body: unknown) =>
      fetch(`${base}/api/web/sessions/sign-out-everywhere`, {
        method: "POST",
        headers: { ...sameOrigin(one), "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post({})).status).toBe(422);
    expect(await webGet(one)).toBe(200);
    const answer = await post({ confirm: true });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ended: 2 });
    expect(await webGet(one)).toBe(401);
    expect(await webGet(two)).toBe(401);
    expect(await webGet(colleague)).toBe(200);
    const audit = await db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, action: "session.signed_out_everywhere" } });
    expect(audit).toHaveLength(1);
  });
});
