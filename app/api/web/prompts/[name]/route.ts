import { getPromptHistory } from "@/lib/prompts/prompt-history";
import { PromptNameParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// One prompt's versions with their texts, for the history and the diffs.
export const GET = webRoute({ role: "viewer", params: PromptNameParam, handler: ({ session, params }) => getPromptHistory(session.workspace.id, params.name) });
