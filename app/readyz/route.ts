import { readinessResponse } from "@/lib/health/readiness";

// Readiness: PostgreSQL and Redis reachable; 503 naming what is not. Public.
export const dynamic = "force-dynamic";

export async function GET() {
  const answer = await readinessResponse();
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
}
