import { getPackFor } from "@/lib/packs/get-pack";
import { updatePack, UpdatePackBody } from "@/lib/packs/update-pack";
import { PackSlugParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({
  role: "viewer",
  params: PackSlugParam,
  handler: ({ session, params }) => getPackFor(session.workspace.id, params.slug, session.user.id),
});

// Pinning needs admin, as PATCH /v1/packs/{slug}; built-in packs are read-only (409).
export const PATCH = webRoute({
  role: "admin",
  params: PackSlugParam,
  body: UpdatePackBody,
  handler: ({ session, actor, params, body }) => updatePack(session.workspace.id, params.slug, body, actor),
});
