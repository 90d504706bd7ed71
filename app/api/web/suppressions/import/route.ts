import { importSuppressions, ImportSuppressionsBody } from "@/lib/suppressions/suppression-list";
import { webRoute } from "@/lib/web/web-route";

// CSV import from the suppression list page (the file is read in the browser and sent as text).
export const POST = webRoute({
  role: "admin",
  body: ImportSuppressionsBody,
  handler: ({ session, actor, body }) => importSuppressions(session.workspace.id, body, actor),
});
