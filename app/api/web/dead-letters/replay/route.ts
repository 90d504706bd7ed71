import { replayDeadLetters, ReplayBody } from "@/lib/webhooks/dead-letters";
import { webRoute } from "@/lib/web/web-route";

// The same replay as POST /v1/dead-letters/replay: same event ids, fresh signatures, audit entries.
export const POST = webRoute({ role: "admin", body: ReplayBody, handler: ({ session, actor, body }) => replayDeadLetters(session.workspace.id, body, actor) });
