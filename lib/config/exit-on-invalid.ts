import { config, ConfigError } from "@/lib/config";

/** Validates the environment; on a bad value prints which one and ends the process. */
export function exitOnInvalidConfig(): void {
  try {
    config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
