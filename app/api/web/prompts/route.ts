import { listPrompts } from "@/lib/prompts/list-prompts";
import { webRoute } from "@/lib/web/web-route";

// Prompts: production prompts and the workspace's forks (readers, like GET /v1/prompts/{name}).
export const GET = webRoute({ role: "viewer", handler: ({ session }) => listPrompts(session.workspace.id) });
