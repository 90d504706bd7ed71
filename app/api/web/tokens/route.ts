import { ListQuery } from "@/lib/http/pagination";
import { createToken } from "@/lib/tokens/create-token";
import { CreateTokenBody, listTokens, presentToken } from "@/lib/tokens/list-tokens";
import { webRoute } from "@/lib/web/web-route";

// Settings → API tokens (admins). The token acts with its creator's role, narrowed by its scope.
export const GET = webRoute({ role: "admin", query: ListQuery, handler: ({ session, query }) => listTokens(session.workspace.id, query) });

export const POST = webRoute({
  role: "admin",
  body: CreateTokenBody,
  status: 201,
  handler: async ({ session, actor, body }) => {
    const { token, record } = await createToken({
      workspaceId: session.workspace.id,
      userId: session.user.id,
      name: body.name,
      scope: body.scope,
      expiresInDays: body.expires_in_days,
      actor,
    });
    return { token, item: presentToken(record, { id: session.user.id, name: session.user.name, email: session.user.email }) };
  },
});
