import { forkPrompt, ForkPromptBody } from "@/lib/prompts/fork-prompt";
import { PromptNameParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// Forking needs admin, as POST /v1/prompts/{name}/fork; the label rules and the audit entry with
// the diff are forkPrompt's.
export const POST = webRoute({
  role: "admin",
  params: PromptNameParam,
  body: ForkPromptBody,
  status: 201,
  handler: ({ session, actor, params, body }) => forkPrompt(session.workspace, params.name, body, actor),
});
