import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

// Prisma 6.19 without Rust binaries: the WebAssembly schema engine driven through adapter-pg.
// See docs/development.md ("Prisma on these machines").
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/leadpipe" });
  },
});
