/** @type {import('next').NextConfig} */
const nextConfig = {
  // Packages with native or Node-only code stay out of the server bundle.
  serverExternalPackages: ["@node-rs/argon2", "pino", "bullmq", "ioredis", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typedRoutes: false,
  // forbidden() in pages: a real 403 with app/(app)/forbidden.tsx when a role may not see a page.
  experimental: { authInterrupts: true },
};

export default nextConfig;
