import { predictQualify, PredictBody } from "@/lib/packs/predict-qualify";
import { PackSlugParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// The launcher's forecast of how many CSV rows would qualify under a pack; writes nothing. Admin,
// like starting the run it previews (POST /v1/runs).
export const POST = webRoute({
  role: "admin",
  params: PackSlugParam,
  body: PredictBody,
  handler: ({ session, params, body }) => predictQualify(session.workspace.id, params.slug, body),
});
