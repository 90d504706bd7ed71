import { z } from "zod";
import { revokeToken } from "@/lib/tokens/revoke-token";
import { webRoute } from "@/lib/web/web-route";

// Revoking drops the token's cached authentication (inside revokeToken): it stops working at once.
export const POST = webRoute({
  role: "admin",
  params: z.object({ id: z.string().regex(/^tok_[0-9a-z]{26}$/) }),
  handler: async ({ session, actor, params }) => {
    const token = await revokeToken(session.workspace.id, { id: params.id }, actor);
    return { id: token.id, revoked_at: token.revokedAt?.toISOString() ?? null };
  },
});
