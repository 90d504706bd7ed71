import { z } from "zod";
import { ListQuery } from "@/lib/http/pagination";
import { listDeliveries } from "@/lib/webhooks/dead-letters";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({
  role: "admin",
  params: z.object({ id: z.string().max(40) }),
  query: ListQuery,
  handler: ({ session, params, query }) => listDeliveries(session.workspace.id, params.id, query),
});
