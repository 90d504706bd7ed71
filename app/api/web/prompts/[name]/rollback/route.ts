import { rollbackPrompt } from "@/lib/prompts/promote-prompt";
import { PromptNameParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// Rolling back needs admin, as POST /v1/prompts/{name}/rollback.
export const POST = webRoute({
  role: "admin",
  params: PromptNameParam,
  handler: ({ session, actor, params }) => rollbackPrompt(session.workspace, params.name, actor),
});
