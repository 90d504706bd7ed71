import { db } from "@/lib/db";
import type { Role, TokenScope } from "@/lib/generated/prisma/enums.ts";
import { Conflict, NotFound, ValidationFailed } from "@/lib/errors";
import { createToken } from "@/lib/tokens/create-token";
import { revokeToken } from "@/lib/tokens/revoke-token";
import { createUser } from "@/lib/users/create-user";
import { createWorkspace } from "@/lib/workspaces/create-workspace";

// The ops CLI (contract §8). Each command returns the one line it prints last.

type Flags = Record<string, string | undefined>;
const CLI_ACTOR = { type: "system" as const, id: "cli", name: "ops CLI" };

function required(flags: Flags, ...names: string[]) {
  const missing = names.filter((name) => !flags[name]);
  if (missing.length) throw new ValidationFailed(missing.map((name) => ({ path: `--${name}`, message: "is required" })));
}

async function workspaceBySlug(slug: string) {
  const workspace = await db().workspace.findUnique({ where: { slug } });
  if (!workspace) throw new NotFound(`workspace "${slug}"`);
  return workspace;
}

export const COMMANDS: Record<string, { usage: string; run: (flags: Flags) => Promise<string> }> = {
  "workspace:create": {
    usage: "--slug S --name N --admin-email E --admin-password P",
    async run(flags) {
      required(flags, "slug", "name", "admin-email", "admin-password");
      const workspace = await createWorkspace({ slug: flags.slug!, name: flags.name! });
      await createUser({ workspaceSlug: workspace.slug, email: flags["admin-email"]!, password: flags["admin-password"]!, role: "admin" });
      return workspace.slug;
    },
  },
  "user:create": {
    usage: "--workspace S --email E --password P --role admin|reviewer|viewer",
    async run(flags) {
      required(flags, "workspace", "email", "password", "role");
      if (!["admin", "reviewer", "viewer"].includes(flags.role!))
        throw new ValidationFailed([{ path: "--role", message: "must be admin, reviewer or viewer" }]);
      const { user } = await createUser({ workspaceSlug: flags.workspace!, email: flags.email!, password: flags.password!, role: flags.role as Role });
      return user.id;
    },
  },
  "token:create": {
    usage: "--workspace S --name N [--scope read|write] [--expires-days 7|30|90|365] [--user E]",
    async run(flags) {
      required(flags, "workspace", "name");
      const workspace = await workspaceBySlug(flags.workspace!);
      const scope = (flags.scope ?? "write") as TokenScope;
      if (!["read", "write"].includes(scope)) throw new ValidationFailed([{ path: "--scope", message: "must be read or write" }]);
      const membership = await db().membership.findFirst({
        where: { workspaceId: workspace.id, ...(flags.user ? { user: { email: flags.user.toLowerCase() } } : { role: "admin" }) },
        orderBy: { createdAt: "asc" },
      });
      if (!membership) throw new NotFound(flags.user ? `member ${flags.user} in ${workspace.slug}` : `admin in ${workspace.slug}`);
      const expiresInDays = flags["expires-days"] ? Number(flags["expires-days"]) : null;
      const { token } = await createToken({ workspaceId: workspace.id, userId: membership.userId, name: flags.name!, scope, expiresInDays, actor: CLI_ACTOR });
      return token;
    },
  },
  "token:revoke": {
    usage: "--workspace S --prefix lpat_abcd",
    async run(flags) {
      required(flags, "workspace", "prefix");
      const workspace = await workspaceBySlug(flags.workspace!);
      const active = await db().apiToken.count({ where: { workspaceId: workspace.id, prefix: flags.prefix, revokedAt: null } });
      if (active > 1) throw new Conflict(`${active} active tokens start with ${flags.prefix}; revoke them in the web UI.`);
      const token = await revokeToken(workspace.id, { prefix: flags.prefix }, CLI_ACTOR);
      return `revoked ${token.prefix}…${token.last4}`;
    },
  },
};
