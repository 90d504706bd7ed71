import { listWebSessions } from "@/lib/auth/web-sessions";
import { webRoute } from "@/lib/web/web-route";

// The signed-in user's own live sessions (Settings → Sessions); every role has its own.
export const GET = webRoute({ role: "viewer", handler: ({ session }) => listWebSessions(session.user.id, session.sessionId) });
