import { scrapeMetrics } from "@/lib/metrics/scrape";

export const dynamic = "force-dynamic";

// Prometheus metrics of the web process (docs/operations.md).
export async function GET(request: Request) {
  const answer = await scrapeMetrics(request.headers.get("authorization"), { publicPort: true });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
