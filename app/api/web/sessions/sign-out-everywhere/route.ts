import { z } from "zod";
import { signOutEverywhere } from "@/lib/auth/web-sessions";
import { webRoute } from "@/lib/web/web-route";

// Ends every session of the user, the asking one included: the page then goes to sign-in. The body
// must say so (`{"confirm": true}`), so a stray request cannot sign anyone out.
export const POST = webRoute({
  role: "viewer",
  body: z.strictObject({ confirm: z.literal(true) }),
  handler: ({ session, actor }) => signOutEverywhere({ userId: session.user.id, workspaceId: session.workspace.id, actor }),
});
