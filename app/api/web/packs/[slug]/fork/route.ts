import { forkPack, ForkPackBody } from "@/lib/packs/fork-pack";
import { PackSlugParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// Forking a pack needs admin, as POST /v1/packs/{slug}/fork.
export const POST = webRoute({
  role: "admin",
  params: PackSlugParam,
  body: ForkPackBody,
  status: 201,
  handler: ({ session, actor, params, body }) => forkPack(session.workspace, params.slug, body, actor),
});
