import http from "node:http";
import { readinessResponse } from "@/lib/health/readiness";
import { scrapeMetrics } from "@/lib/metrics/scrape";

/** /healthz, /readyz and /metrics for the worker process, on WORKER_PORT. */
export function startHealthServer(port: number, isStopping: () => boolean): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/healthz") {
      res.writeHead(isStopping() ? 503 : 200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: isStopping() ? "stopping" : "ok" }));
      return;
    }
    if (path === "/readyz") {
      const answer = await readinessResponse();
      res.writeHead(answer.status, answer.headers);
      res.end(JSON.stringify(answer.body));
      return;
    }
    if (path === "/metrics") {
      const answer = await scrapeMetrics(req.headers.authorization ?? null, { publicPort: false });
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
      return;
    }
    res.writeHead(404, { "content-type": "application/problem+json" });
    res.end(JSON.stringify({ type: "/docs/errors#not_found", title: "Not found", status: 404, code: "not_found" }));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}
