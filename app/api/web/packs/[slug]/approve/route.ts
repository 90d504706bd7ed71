import { approvePack, ApprovePackBody } from "@/lib/packs/approve-pack";
import { PackSlugParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// Approving a pack's prompt set needs reviewer, as POST /v1/packs/{slug}/approve (four eyes: 403 for a fork's creator).
export const POST = webRoute({
  role: "reviewer",
  params: PackSlugParam,
  body: ApprovePackBody,
  handler: ({ session, actor, params, body }) => approvePack(session.workspace.id, params.slug, body, { userId: session.user.id, actor }),
});
