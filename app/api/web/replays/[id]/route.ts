import { getReplay } from "@/lib/replays/replays";
import { ReplayIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", params: ReplayIdParam, handler: ({ session, params }) => getReplay(session.workspace.id, params.id) });
