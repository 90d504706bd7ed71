// Defence in depth against script injection. Pages get their policy, with a per-request script
// nonce, from proxy.ts (lib/http/content-security-policy.ts). Everything else (the API, health
// checks, route handlers) answers JSON or text and runs nothing: it gets the strictest policy.
// The unsubscribe page (/unsubscribe/{token}) is a route handler that writes its own policy: its
// form posts to itself and its one stylesheet is allowed by hash (lib/suppressions/unsubscribe-page.ts);
// only paths that are not that page (Next's 404 for /unsubscribe or deeper paths) get the strict one.
const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const NOT_PAGES = ["/v1/:path*", "/api/:path*", "/healthz", "/readyz", "/metrics", "/unsubscribe", "/unsubscribe/:token/:rest+"];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Packages with native or Node-only code stay out of the server bundle.
  serverExternalPackages: ["@node-rs/argon2", "pino", "bullmq", "ioredis", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm test` runs tsc before it builds and sets this, so the build does not check the types twice.
  typescript: { ignoreBuildErrors: process.env.LEADPIPE_TYPES_CHECKED === "1" },
  // forbidden() in pages: a real 403 with app/(app)/forbidden.tsx when a role may not see a page.
  experimental: { authInterrupts: true },
  async headers() {
    return [
      { source: "/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] },
      ...NOT_PAGES.map((source) => ({ source, headers: [{ key: "Content-Security-Policy", value: apiPolicy }] })),
    ];
  },
};

export default nextConfig;
