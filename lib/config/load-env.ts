import nextEnv from "@next/env";

/** Loads .env / .env.local the way Next.js does, for processes Next does not start (workers, CLI). */
export function loadEnv(dir = process.cwd()): void {
  nextEnv.loadEnvConfig(dir, process.env.NODE_ENV !== "production" && process.env.NODE_ENV !== "test");
}
