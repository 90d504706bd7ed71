import { compareWithParent } from "@/lib/evals/compare";
import { findVersion } from "@/lib/evals/evaluations";
import { PromptVersionParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// The version against its parent on its eval set: both newest evaluations and the changed cases.
export const GET = webRoute({
  role: "viewer",
  params: PromptVersionParam,
  handler: async ({ session, params }) => compareWithParent(session.workspace.id, (await findVersion(session.workspace.id, params.name, params.semver)).id),
});
