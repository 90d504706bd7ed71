import { createReplay, CreateReplayBody, listReplays, ReplaysQuery } from "@/lib/replays/replays";
import { webRoute } from "@/lib/web/web-route";

// Behaviour diffs from the version and campaign pages: as GET and POST /v1/replays (reviewer to start one).
export const GET = webRoute({ role: "viewer", query: ReplaysQuery, handler: ({ session, query }) => listReplays(session.workspace.id, query) });
export const POST = webRoute({
  role: "reviewer",
  body: CreateReplayBody,
  status: 201,
  handler: ({ session, actor, body }) => createReplay(session.workspace.id, body, actor),
});
