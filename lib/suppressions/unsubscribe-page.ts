import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { unsubscribeByToken } from "@/lib/suppressions/unsubscribe";
import { readUnsubscribeToken } from "@/lib/suppressions/unsubscribe-token";

// The answers of /unsubscribe/{token}, for mailbox providers (RFC 8058 one-click POST) and for a
// person who opened the link: GET shows a button and changes nothing (link scanners and
// prefetchers issue GETs); POST unsubscribes. Plain HTML, no sign-in, no scripts.

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, title: string, inner: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111}button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #333;background:#111;color:#fff;cursor:pointer}</style></head>
<body><h1>${escape(title)}</h1>${inner}</body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

const unknownLink = () => page(404, "Link not recognised", "<p>This unsubscribe link is not valid. Reply to the email and ask to be removed instead.</p>");

export function unsubscribeForm(token: string): Response {
  const named = readUnsubscribeToken(token);
  if (!named) return unknownLink();
  return page(200, "Unsubscribe", `<p>Stop all email to <strong>${escape(named.email)}</strong>?</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`);
}

export async function unsubscribeNow(token: string): Promise<Response> {
  try {
    const { email } = await unsubscribeByToken(token);
    return page(200, "You are unsubscribed", `<p>No more email will be sent to <strong>${escape(email)}</strong>.</p>`);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return unknownLink();
    log.error({ err: error }, "unsubscribe failed");
    return page(503, "Please try again", "<p>We could not record this just now. Please try again in a minute.</p>");
  }
}
