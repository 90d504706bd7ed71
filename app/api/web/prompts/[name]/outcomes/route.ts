import { promptOutcomes } from "@/lib/evals/outcomes";
import { PromptNameParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// Every version's outcomes side by side (lib/evals/outcomes.ts), for the prompt page.
export const GET = webRoute({ role: "viewer", params: PromptNameParam, handler: ({ session, params }) => promptOutcomes(session.workspace.id, params.name) });
