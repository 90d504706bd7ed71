// `npm run db:seed`: idempotent demo and built-in data (run by `npm start` on every start).
import { loadEnv } from "@/lib/config/load-env";
loadEnv();
const { seed } = await import("@/prisma/seed/run-seed");
const { closeDb } = await import("@/lib/db");

try {
  await seed();
  console.log("seed: done");
} finally {
  await closeDb();
}
