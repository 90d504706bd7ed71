import { z } from "zod";
import { testProvider } from "@/lib/providers/test-provider";
import { webRoute } from "@/lib/web/web-route";

// One test call to the provider with its default model (Settings → Providers' "Test call"); writes nothing.
export const POST = webRoute({
  role: "admin",
  params: z.object({ slug: z.string().max(64) }),
  handler: ({ session, params }) => testProvider(session.workspace.id, params.slug),
});
