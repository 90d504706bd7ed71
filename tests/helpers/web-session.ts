import { inject } from "vitest";
import { hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db";

// Signing in over HTTP as the login page does: next-auth's CSRF token (GET /api/auth/csrf sets the
// double-submit cookie), then the credentials form post, which answers with the session cookie.
// Returns the Cookie header to send with /api/web requests.

function cookiesFrom(response: Response, jar: Map<string, string>) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
}

const header = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** Gives the user a password (test users are created without one), then signs in. */
export async function signInAs(user: { id: string; email: string }): Promise<string> {
  const password = `pass-${user.id}`;
  await db().user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
  return signIn(user.email, password);
}

export async function signIn(email: string, password: string): Promise<string> {
  const base = inject("apiUrl");
  const jar = new Map<string, string>();
  const csrf = await fetch(`${base}/api/auth/csrf`);
  cookiesFrom(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const form = new URLSearchParams({ csrfToken, email, password, callbackUrl: `${base}/`, json: "true" });
  const answer = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    body: form,
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: header(jar), origin: base },
  });
  cookiesFrom(answer, jar);
  if (![...jar.keys()].some((name) => name.endsWith("next-auth.session-token")))
    throw new Error(`sign-in of ${email} failed: ${answer.status} ${await answer.text()}`);
  return header(jar);
}

/** Headers of a same-origin request from the app's own pages (what a browser sends on fetch). */
export function sameOrigin(cookie: string): Record<string, string> {
  return { cookie, origin: inject("apiUrl"), "sec-fetch-site": "same-origin" };
}
