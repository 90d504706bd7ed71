import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { isWellFormedToken } from "@/lib/tokens/token-format";
import { sha256Hex } from "@/lib/crypto/secrets";
import { resetDatabase } from "../helpers/db";
import { CLI_COMMAND, ROOT } from "../helpers/processes";

const execute = promisify(execFile);

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await execute(process.execPath, [...CLI_COMMAND, ...args], {
      cwd: ROOT,
      env: process.env,
    });
    return { code: 0, last: stdout.trim().split("\n").pop() ?? "", stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, last: failed.stdout.trim().split("\n").pop() ?? "", stderr: failed.stderr };
  }
}

beforeAll(resetDatabase);

describe("ops CLI", () => {
  it("creates a workspace with its admin, adds a user, creates and revokes tokens", async () => {
    const workspace = await cli(
      "workspace:create",
      "--slug",
      "acme",
      "--name",
      "Acme",
      "--admin-email",
      "ops@acme.test",
      "--admin-password",
      "correct horse battery",
    );
    expect(workspace).toMatchObject({ code: 0, last: "acme" });
    const providers = await db().provider.findMany({ where: { workspace: { slug: "acme" } } });
    expect(providers.map((p) => p.slug)).toEqual(["local"]);

    const user = await cli("user:create", "--workspace", "acme", "--email", "rev@acme.test", "--password", "another long one", "--role", "reviewer");
    expect(user.code).toBe(0);
    expect(user.last).toMatch(/^usr_/);

    const token = await cli("token:create", "--workspace", "acme", "--name", "ci", "--scope", "read", "--expires-days", "30");
    expect(token.code).toBe(0);
    expect(isWellFormedToken(token.last)).toBe(true);
    const row = await db().apiToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(token.last) }, include: { user: true } });
    expect(row).toMatchObject({ scope: "read", name: "ci" });
    expect(row.user.email).toBe("ops@acme.test");
    expect(Math.round((row.expiresAt!.getTime() - Date.now()) / 86_400_000)).toBe(30);

    const revoked = await cli("token:revoke", "--workspace", "acme", "--prefix", token.last.slice(0, 9));
    expect(revoked.code).toBe(0);
    expect(revoked.last).toBe(`revoked ${token.last.slice(0, 9)}…${token.last.slice(-4)}`);
    expect((await db().apiToken.findUniqueOrThrow({ where: { id: row.id } })).revokedAt).not.toBeNull();
    const audit = await db().auditEntry.findMany({ where: { workspaceId: row.workspaceId }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual(["token.created", "token.revoked"]);
  });

  it("explains bad input and exits non-zero", async () => {
    const taken = await cli("workspace:create", "--slug", "acme", "--name", "Again", "--admin-email", "x@acme.test", "--admin-password", "long enough pw");
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/exists/);
    const reserved = await cli("workspace:create", "--slug", "system", "--name", "S", "--admin-email", "x@s.test", "--admin-password", "long enough pw");
    expect(reserved.stderr).toMatch(/reserved/);
    const missing = await cli("token:create", "--workspace", "acme");
    expect(missing.stderr).toMatch(/--name: is required/);
    const unknown = await cli("nope:do");
    expect(unknown.code).toBe(2);
  });
});
