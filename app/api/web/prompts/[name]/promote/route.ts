import { promotePrompt, PromoteBody } from "@/lib/prompts/promote-prompt";
import { PromptNameParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// Promoting needs admin, as POST /v1/prompts/{name}/promote; a fork must be in an approved prompt set (409).
export const POST = webRoute({
  role: "admin",
  params: PromptNameParam,
  body: PromoteBody,
  handler: ({ session, actor, params, body }) => promotePrompt(session.workspace, params.name, body, actor),
});
