// `npm run cli -- <command> --flag value ...`: the ops CLI. The result is alone on the last line.
import { parseArgs } from "node:util";
import { loadEnv } from "@/lib/config/load-env";

process.env.LEADPIPE_PROCESS ??= "cli";
process.env.LOG_LEVEL ??= "warn";
loadEnv();

const { exitOnInvalidConfig } = await import("@/lib/config/exit-on-invalid");
exitOnInvalidConfig();
const { AppError } = await import("@/lib/errors");
const { COMMANDS } = await import("@/lib/cli/commands");
const { closeDb } = await import("@/lib/db");

const [name, ...rest] = process.argv.slice(2);
const command = name ? COMMANDS[name] : undefined;
if (!command) {
  console.error(
    `Usage: npm run cli -- <command> [flags]\n\n${Object.entries(COMMANDS)
      .map(([n, c]) => `  ${n} ${c.usage}`)
      .join("\n")}`,
  );
  process.exit(name ? 2 : 0);
}

let exitCode = 0;
try {
  const flagNames = [...command.usage.matchAll(/--([a-z-]+)/g)].map((match) => match[1]);
  const options = Object.fromEntries(flagNames.map((flag) => [flag, { type: "string" as const }]));
  const { values } = parseArgs({ args: rest, options, strict: true, allowPositionals: false });
  const flags = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === "string" ? value : undefined]));
  console.log(await command.run(flags));
} catch (error) {
  exitCode = 1;
  if (error instanceof AppError) {
    const details = (error.extra.errors as { path: string; message: string }[] | undefined)?.map((e) => `  ${e.path}: ${e.message}`).join("\n");
    console.error(`${name}: ${error.message}${details ? `\n${details}` : ""}`);
  } else {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
} finally {
  await closeDb();
}
process.exit(exitCode);
