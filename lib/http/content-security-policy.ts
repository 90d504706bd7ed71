// The Content-Security-Policy of every page, with a fresh nonce per request (proxy.ts makes one
// and hands it to Next, which puts it on its own scripts): no inline script runs unless it carries
// the nonce, so text that became markup by mistake still could not run. 'strict-dynamic' lets the
// nonce'd scripts load Next's chunks. Styles keep 'unsafe-inline': the diff viewer (emotion)
// injects <style> tags, and a style cannot run code. `next dev` needs eval for React Refresh.

export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function pagePolicy(nonce: string, dev = process.env.NODE_ENV === "development"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The policy of a page a route handler writes itself (the unsubscribe page): no script at all,
 * only the one stylesheet whose hash is given (`sha256-…`, base64), forms only to this origin.
 */
export function plainPagePolicy(styleHash: string): string {
  return ["default-src 'none'", `style-src '${styleHash}'`, "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'"].join("; ");
}
