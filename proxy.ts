import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { problemResponse } from "@/lib/http/problem";
import { NotFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { newNonce, pagePolicy } from "@/lib/http/content-security-policy";

// Pages need a session: a signed-out visit goes to /login and comes back after sign-in. The
// one-click unsubscribe link (/unsubscribe/{token}, RFC 8058) needs none. Every page (the sign-in
// page too) is answered with a Content-Security-Policy carrying a fresh nonce, which Next reads
// from the request's copy of the header and puts on its scripts (lib/http/content-security-policy.ts).
// The API (/v1), auth endpoints and the web app's own route handlers (/api/**, which answer 401
// themselves), health checks, /metrics (its own bearer token) and static files are not pages and pass through.
// One exception under /v1 and /api/web: a path whose percent-escapes are not valid UTF-8 (`%zz`,
// `%FF`, `%ED%A0%80`) makes Next's router fail with a bare 500 before any route runs; it names no
// resource, so it is answered here with the contract's 404 problem. Only such paths holding a `%` come here.
export async function proxy(request: NextRequest) {
  const pathname = request.nextUrl.pathname;
  if (pathname.startsWith("/v1/") || pathname.startsWith("/api/web/")) return badlyEncoded(pathname) ? notFound() : NextResponse.next();
  if (pathname === "/login") return page(request);
  const token = await getToken({ req: request, secret: process.env.AUTH_SECRET });
  if (token) return page(request);
  const login = new URL("/login", request.url);
  login.searchParams.set("callbackUrl", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.redirect(login);
}

function page(request: NextRequest): NextResponse {
  const policy = pagePolicy(newNonce());
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

function badlyEncoded(pathname: string): boolean {
  return pathname.split("/").some((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });
}

function notFound(): Response {
  return problemResponse(new NotFound("resource: the path is not valid percent-encoded UTF-8"), newId("req"));
}

export const config = {
  matcher: [
    "/((?!v1|api/|unsubscribe/|healthz|readyz|metrics|_next/static|_next/image|favicon.ico|favicon.svg|robots.txt).*)",
    "/(v1/.*%.*)",
    "/(api/web/.*%.*)",
  ],
};
