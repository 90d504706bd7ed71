import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client.ts";
import { config } from "@/lib/config";

export type { Prisma } from "@/lib/generated/prisma/client.ts";

// One client per process (kept on globalThis so dev reloads do not open new pools).
const globalForPrisma = globalThis as unknown as { leadpipePrisma?: PrismaClient };

export function createPrismaClient(connectionString = config().DATABASE_URL): PrismaClient {
  const adapter = new PrismaPg({ connectionString, connectionTimeoutMillis: 5_000 });
  return new PrismaClient({ adapter });
}

export function db(): PrismaClient {
  globalForPrisma.leadpipePrisma ??= createPrismaClient();
  return globalForPrisma.leadpipePrisma;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
