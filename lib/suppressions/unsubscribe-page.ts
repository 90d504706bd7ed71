import { createHash } from "node:crypto";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { unsubscribeByToken } from "@/lib/suppressions/unsubscribe";
import { readUnsubscribeToken } from "@/lib/suppressions/unsubscribe-token";
import { plainPagePolicy } from "@/lib/http/content-security-policy";

// The answers of /unsubscribe/{token}, for mailbox providers (RFC 8058 one-click POST) and for a
// person who opened the link: GET shows a button and changes nothing (link scanners and
// prefetchers issue GETs); POST unsubscribes. The button's form posts to this same URL the very
// body a mail client sends (`List-Unsubscribe=One-Click`), so both take one path. Plain HTML, no
// sign-in, no scripts. Its own Content-Security-Policy allows that form (`form-action 'self'`) and
// exactly this page's stylesheet (by its hash), nothing else.

const STYLE = [
  ":root{color-scheme:light;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#18181b;background:#f4f4f5}",
  "body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:4rem 1rem;box-sizing:border-box}",
  "main{width:100%;max-width:28rem;background:#fff;border:1px solid #e4e4e7;border-radius:.75rem;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.06)}",
  "h1{font-size:1.5rem;line-height:1.3;margin:0 0 1rem}",
  "p{margin:0 0 1rem;line-height:1.55}",
  "strong{overflow-wrap:break-word}",
  ".note{font-size:.875rem;color:#52525b;margin:1.25rem 0 0}",
  ".done{border-top:4px solid #16a34a}.already{border-top:4px solid #2563eb}.problem{border-top:4px solid #dc2626}",
  "form{margin:1.5rem 0 0}",
  "button{font:inherit;font-weight:600;padding:.625rem 1.25rem;border-radius:.5rem;border:1px solid #18181b;background:#18181b;color:#fff;cursor:pointer}",
  "button:hover{background:#3f3f46}",
  "button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}",
  "@media (max-width:30rem){body{padding:1.5rem .75rem}main{padding:1.5rem}}",
].join("");
const POLICY = plainPagePolicy(`sha256-${createHash("sha256").update(STYLE).digest("base64")}`);

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, title: string, tone: "ask" | "done" | "already" | "problem", inner: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>${STYLE}</style></head>
<body><main class="${tone}"><h1>${escape(title)}</h1>${inner}</main></body></html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "Content-Security-Policy": POLICY },
  });
}

const unknownLink = () =>
  page(404, "Link not recognised", "problem", "<p>This unsubscribe link is not valid. Reply to the email and ask to be removed instead.</p>");

export function unsubscribeForm(token: string): Response {
  const named = readUnsubscribeToken(token);
  if (!named) return unknownLink();
  // An explicit same-origin action (the token is base64url and dots, nothing to escape in a path).
  const action = `/unsubscribe/${encodeURIComponent(token)}`;
  return page(
    200,
    "Unsubscribe",
    "ask",
    `<p>Stop all email from this sender to <strong>${escape(named.email)}</strong>?</p>
<form method="post" action="${escape(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>
<p class="note">Nothing changes until you press the button. You do not need to sign in.</p>`,
  );
}

export async function unsubscribeNow(token: string): Promise<Response> {
  try {
    const { email, created } = await unsubscribeByToken(token);
    return created
      ? page(
          200,
          "You are unsubscribed",
          "done",
          `<p><strong>${escape(email)}</strong> is now on this sender's suppression list. No more email will be sent to it.</p><p class="note">You can close this page.</p>`,
        )
      : page(
          200,
          "Already unsubscribed",
          "already",
          `<p><strong>${escape(email)}</strong> was already unsubscribed. Nothing more to do: no email will be sent to it.</p><p class="note">You can close this page.</p>`,
        );
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return unknownLink();
    log.error({ err: error }, "unsubscribe failed");
    return page(503, "Please try again", "problem", "<p>We could not record this just now. Please try again in a minute.</p>");
  }
}
