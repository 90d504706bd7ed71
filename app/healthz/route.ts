// Liveness: the process is up. Public.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" });
}
