/** @type {import('next').NextConfig} */
const nextConfig = {
  // Packages with native or Node-only code stay out of the server bundle.
  serverExternalPackages: ["@node-rs/argon2", "pino", "bullmq", "ioredis", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
