import { describe, expect, inject, it } from "vitest";
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
  const csrfCookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const answer = await fetch(`${base}/api/auth/signout`, {
    method: "POST", redirect: "manual", body: new URLSearchParams({ csrfToken, callbackUrl: `${base}/login`, json: "true" }),
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
});
