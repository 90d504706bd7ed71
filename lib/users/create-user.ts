import { z } from "zod";
import { db } from "@/lib/db";
import type { Role } from "@/lib/generated/prisma/enums.ts";
import { hashPassword } from "@/lib/auth/password";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { newId } from "@/lib/ids";

export type CreateUserOptions = { workspaceSlug: string; email: string; password: string; role: Role; name?: string };

const Email = z.email();
export const MIN_PASSWORD_LENGTH = 10;

/**
 * Adds a user to a workspace with a role. An existing user (same email) keeps their password and
 * gets the membership; running it twice changes nothing.
 */
export async function createUser({ workspaceSlug, email, password, role, name }: CreateUserOptions) {
  const errors = [];
  if (!Email.safeParse(email).success) errors.push({ path: "email", message: "must be a valid email address" });
  if (password.length < MIN_PASSWORD_LENGTH) errors.push({ path: "password", message: `must be at least ${MIN_PASSWORD_LENGTH} characters` });
  if (errors.length) throw new ValidationFailed(errors);

  const workspace = await db().workspace.findUnique({ where: { slug: workspaceSlug } });
  if (!workspace) throw new NotFound(`workspace "${workspaceSlug}"`);

  const emailLower = email.toLowerCase();
  let user = await db().user.findUnique({ where: { email: emailLower } });
  if (!user) {
    const passwordHash = await hashPassword(password);
    user = await db().user.upsert({
      where: { email: emailLower },
      create: { id: newId("usr"), email: emailLower, name: name ?? emailLower.split("@")[0], passwordHash },
      update: {},
    });
  }
  await db().membership.upsert({
    where: { workspaceId_userId: { workspaceId: workspace.id, userId: user.id } },
    create: { workspaceId: workspace.id, userId: user.id, role },
    update: {},
  });
  return { user, workspace };
}
