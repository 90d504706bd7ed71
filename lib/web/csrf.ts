// Cross-site request refusal for the web app's own route handlers (app/api/web/**).
//
// The session cookie is SameSite=Lax, so a cross-site POST does not carry it in today's browsers;
// this check does not rely on that. A state-changing request must come from a page of this app:
//   1. when the browser sends Sec-Fetch-Site (all current browsers on https and localhost), it
//      must be "same-origin";
//   2. otherwise the Origin header must name this app (APP_URL) or the host the request was sent to;
//   3. a request with neither header is refused: browsers always send one of them on a POST, and
//      scripts have the /v1 API with a bearer token.
// The wrapper also requires `Content-Type: application/json` on bodies, which an HTML form cannot send.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type RequestOrigin = { method: string; headers: Headers; appUrl: string };

function hostOf(value: string | null): string | null {
  if (!value) return null;
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Null when the request may proceed; otherwise why it is refused. */
export function crossSiteRefusal({ method, headers, appUrl }: RequestOrigin): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const site = headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" ? null : `Sec-Fetch-Site is ${site}; only same-origin requests may change data.`;
  const origin = headers.get("origin");
  if (origin === null) return "The request carries neither Sec-Fetch-Site nor Origin.";
  const originHost = hostOf(origin);
  const forwardedHost = headers.get("x-forwarded-host")?.split(",")[0].trim().toLowerCase();
  const allowed = [hostOf(appUrl), forwardedHost, headers.get("host")?.toLowerCase()].filter(Boolean);
  if (originHost && allowed.includes(originHost)) return null;
  return `Origin ${origin} is not this app.`;
}
