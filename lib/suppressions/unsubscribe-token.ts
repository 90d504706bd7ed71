import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";

// One-click unsubscribe (RFC 8058): every mail carries a link to {APP_URL}/unsubscribe/<token>. The
// token names the workspace and the address and is signed with a key derived from AUTH_SECRET, so
// it cannot be forged or pointed at another address (the MAC covers the workspace and the exact
// address: change a character of either, or graft one token's signature onto another's payload, and
// it is refused); it needs no database row and never expires (an unsubscribe link must keep working).
// Format: "u1.<base64url(JSON {w, e})>.<base64url(HMAC-SHA256)[0..22]>".

function mac(payload: string): string {
  const key = createHmac("sha256", config().AUTH_SECRET).update("leadpipe unsubscribe v1").digest();
  return createHmac("sha256", key).update(payload).digest("base64url").slice(0, 22);
}

export function unsubscribeToken(workspaceId: string, email: string): string {
  const payload = Buffer.from(JSON.stringify({ w: workspaceId, e: email.trim().toLowerCase() })).toString("base64url");
  return `u1.${payload}.${mac(payload)}`;
}

/** The workspace and address a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(token: string): { workspaceId: string; email: string } | null {
  const parts = token.split(".");
  const [version, payload, signature] = parts;
  if (parts.length !== 3 || version !== "u1" || !payload || !signature || token.length > 1200) return null;
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(payload));
  // Compared as bytes: a signature of non-ASCII characters has as many characters but more bytes.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { w?: unknown; e?: unknown };
    return typeof decoded.w === "string" && typeof decoded.e === "string" ? { workspaceId: decoded.w, email: decoded.e } : null;
  } catch {
    return null;
  }
}

/** The headers every mail carries: the one-click HTTPS link first, the mailto second (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(workspaceId: string, email: string, fromEmail: string): Record<string, string> {
  const url = `${config().APP_URL.replace(/\/$/, "")}/unsubscribe/${unsubscribeToken(workspaceId, email)}`;
  return {
    "List-Unsubscribe": `<${url}>, <mailto:${fromEmail}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
