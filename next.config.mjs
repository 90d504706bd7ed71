// Defence in depth against script injection: pages render user text through React (escaped), and
// this policy keeps what a mistake could do small: no plugins, no <base> rewriting, no framing, forms
// and fetches only to this origin, no eval. Next's own inline scripts (the RSC payload) need
// 'unsafe-inline' for scripts unless every page is rendered with a per-request nonce; emotion (the
// diff viewer) injects <style> tags. `next dev` needs eval for React Refresh.
const dev = process.env.NODE_ENV === "development";
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Packages with native or Node-only code stay out of the server bundle.
  serverExternalPackages: ["@node-rs/argon2", "pino", "bullmq", "ioredis", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typedRoutes: false,
  // forbidden() in pages: a real 403 with app/(app)/forbidden.tsx when a role may not see a page.
  experimental: { authInterrupts: true },
  async headers() {
    return [{ source: "/:path*", headers: [{ key: "Content-Security-Policy", value: contentSecurityPolicy }, { key: "X-Content-Type-Options", value: "nosniff" }] }];
  },
};

export default nextConfig;
