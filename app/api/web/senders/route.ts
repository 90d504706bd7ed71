import { ListQuery } from "@/lib/http/pagination";
import { createSender, CreateSenderBody, listSenders } from "@/lib/senders/senders";
import { webRoute } from "@/lib/web/web-route";

// Passwords are write-only: answers say only whether one is set.
export const GET = webRoute({ role: "admin", query: ListQuery, handler: ({ session, query }) => listSenders(session.workspace.id, query) });
export const POST = webRoute({
  role: "admin",
  body: CreateSenderBody,
  status: 201,
  handler: ({ session, actor, body }) => createSender(session.workspace.id, body, actor),
});
