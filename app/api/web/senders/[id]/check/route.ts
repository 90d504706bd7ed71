import { z } from "zod";
import { checkSenderConnection } from "@/lib/senders/sender-relay";
import { webRoute } from "@/lib/web/web-route";

const Params = z.object({ id: z.string().max(40) });

// Connects and logs in to the sender's own relay; sends nothing (Settings → Senders, "Check connection").
export const POST = webRoute({
  role: "admin",
  params: Params,
  handler: ({ session, params }) => checkSenderConnection(session.workspace.id, params.id),
});
