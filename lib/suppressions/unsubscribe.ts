import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { suppress } from "@/lib/suppressions/suppressions";
import { readUnsubscribeToken } from "@/lib/suppressions/unsubscribe-token";

// POST /unsubscribe/{token}: no sign-in (RFC 8058); the address is suppressed at once. The one
// path for both ways in: a mail client's one-click POST and the page's own button. The same token
// twice is fine (the first reason stays; `created` is false). A token that is not ours (forged,
// altered, another address), or whose workspace is gone, is a 404.

export async function unsubscribeByToken(token: string): Promise<{ email: string; created: boolean }> {
  const named = readUnsubscribeToken(token);
  if (!named) throw new NotFound("unsubscribe link");
  const workspace = await db().workspace.findUnique({ where: { id: named.workspaceId }, select: { id: true } });
  if (!workspace) throw new NotFound("unsubscribe link");
  const { created } = await suppress({
    workspaceId: workspace.id,
    email: named.email,
    reason: "Unsubscribed with the link in an email",
    source: "unsubscribe_link",
  });
  return { email: named.email, created };
}
