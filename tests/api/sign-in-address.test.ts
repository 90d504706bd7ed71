import { describe, expect, inject, it } from "vitest";
import { MAX_PER_EMAIL_AND_ADDRESS } from "@/lib/auth/sign-in-limit";
import { rateLimitedFor } from "@/lib/auth/sign-in-errors";
import { testWorkspace } from "../helpers/api-fixtures";
import { signInAs } from "../helpers/web-session";

// The per-address sign-in limit keys on the socket's address (no TRUSTED_PROXY_CIDRS in tests): a
// client that writes a new X-Forwarded-For on every guess is still one address.

async function guess(email: string, forwardedFor: string): Promise<string | null> {
  const base = inject("apiUrl");
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ csrfToken, email, password: "wrong-guess", callbackUrl: `${base}/`, json: "true" }),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: base, "x-forwarded-for": forwardedFor },
  });
  const location = answer.headers.get("location") ?? ((await answer.json().catch(() => ({}))) as { url?: string }).url ?? "";
  return new URL(location, base).searchParams.get("error");
}

describe("sign-in limit and X-Forwarded-For", () => {
  it("a forged, rotating X-Forwarded-For does not escape the per-address limit", async () => {
    const ws = await testWorkspace("xff");
    await signInAs(ws.users.viewer); // gives the user a password; the guesses below are wrong
    const errors: (string | null)[] = [];
    for (let i = 0; i <= MAX_PER_EMAIL_AND_ADDRESS; i++) errors.push(await guess(ws.users.viewer.email, `203.0.113.${i + 1}`));
    expect(errors.slice(0, MAX_PER_EMAIL_AND_ADDRESS).every((error) => error === "CredentialsSignin")).toBe(true);
    expect(rateLimitedFor(errors.at(-1))).toBeGreaterThan(0);
  });
});
