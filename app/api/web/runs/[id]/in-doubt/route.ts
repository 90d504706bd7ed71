import { listRunSendsInDoubt } from "@/lib/runs/get-run";
import { RunIdParams } from "@/lib/runs/run-schemas";
import { webRoute } from "@/lib/web/web-route";

// The run page's "Sends in doubt": sends whose outcome is unknown, waiting for a reviewer (or the Sent folder).
export const GET = webRoute({ role: "viewer", params: RunIdParams, handler: ({ session, params }) => listRunSendsInDoubt(session.workspace.id, params.id) });
