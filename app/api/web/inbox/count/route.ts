import { inboxCount } from "@/lib/replies/inbox";
import { webRoute } from "@/lib/web/web-route";

// The navigation's count next to Inbox: replies not yet handled.
export const GET = webRoute({ role: "viewer", handler: ({ session }) => inboxCount(session.workspace.id) });
