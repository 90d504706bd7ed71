import { z } from "zod";
import { deleteProvider, upsertProvider, UpsertProviderBody } from "@/lib/providers/providers";
import { webRoute } from "@/lib/web/web-route";

const Params = z.object({ slug: z.string().max(64) });

// Create or change (as POST /v1/providers/{slug}); the API key is write-only.
export const PUT = webRoute({
  role: "admin",
  params: Params,
  body: UpsertProviderBody,
  handler: ({ session, actor, params, body }) => upsertProvider(session.workspace.id, params.slug, body, actor),
});
export const DELETE = webRoute({
  role: "admin",
  params: Params,
  status: 204,
  handler: ({ session, actor, params }) => deleteProvider(session.workspace.id, params.slug, actor),
});
