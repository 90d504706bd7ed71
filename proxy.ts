import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";

// Pages need a session: a signed-out visit goes to /login and comes back after sign-in.
// The API (/v1), auth endpoints and the web app's own route handlers (/api/**, which answer 401
// themselves), health checks, /metrics (its own bearer token) and static files are not pages and pass through.
export async function proxy(request: NextRequest) {
  const token = await getToken({ req: request, secret: process.env.AUTH_SECRET });
  if (token) return NextResponse.next();
  const login = new URL("/login", request.url);
  login.searchParams.set("callbackUrl", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.redirect(login);
}

export const config = {
  matcher: ["/((?!v1|api/|login|healthz|readyz|metrics|_next/static|_next/image|favicon.ico|robots.txt).*)"],
};
