import { z } from "zod";
import { checkSenderDns } from "@/lib/senders/sender-dns";
import { webRoute } from "@/lib/web/web-route";

const Params = z.object({ id: z.string().max(40) });

// Checks the sender's domain's DNS records now (Settings → Senders, "Check DNS").
export const POST = webRoute({
  role: "admin",
  params: Params,
  handler: ({ session, actor, params }) => checkSenderDns(session.workspace.id, params.id, actor),
});
