import { findVersion } from "@/lib/evals/evaluations";
import { versionOutcomes } from "@/lib/evals/outcomes";
import { PromptVersionParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// How the version did with this workspace's leads (lib/evals/outcomes.ts), for the version page.
export const GET = webRoute({
  role: "viewer",
  params: PromptVersionParam,
  handler: async ({ session, params }) => versionOutcomes(session.workspace.id, (await findVersion(session.workspace.id, params.name, params.semver)).id),
});
