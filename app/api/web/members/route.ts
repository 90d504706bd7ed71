import { addMember, AddMemberBody } from "@/lib/members/add-member";
import { listMembers } from "@/lib/members/list-members";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "admin", handler: ({ session }) => listMembers(session.workspace.id) });

export const POST = webRoute({
  role: "admin",
  body: AddMemberBody,
  status: 201,
  handler: ({ session, actor, body }) => addMember(session.workspace.id, body, actor),
});
