// Validates the environment with lib/config and prints the settings the start script needs as
// one JSON line; on a bad value prints the message naming it and exits 1.
import { ConfigError, parseConfig } from "@/lib/config";

try {
  const settings = parseConfig(process.env);
  const { DATABASE_URL, REDIS_URL, APP_URL, PORT, WORKER_PORT } = settings;
  console.log(JSON.stringify({ DATABASE_URL, REDIS_URL, APP_URL, PORT, WORKER_PORT }));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
