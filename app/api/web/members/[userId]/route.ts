import { z } from "zod";
import { changeMemberRole, ChangeRoleBody } from "@/lib/members/change-role";
import { webRoute } from "@/lib/web/web-route";

export const PATCH = webRoute({
  role: "admin",
  params: z.object({ userId: z.string().min(1).max(40) }),
  body: ChangeRoleBody,
  handler: ({ session, actor, params, body }) => changeMemberRole(session.workspace.id, params.userId, body.role, actor),
});
