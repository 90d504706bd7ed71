import { describe, expect, inject, it } from "vitest";
import { call, testWorkspace } from "../helpers/api-fixtures";

// /metrics of the web process: Prometheus text with the /v1 request counters and latencies, the
// queue depths and the outbox backlog.

const scrape = async (authorization = "Bearer metrics-token-of-the-test-app") => {
  const response = await fetch(`${inject("apiUrl")}/metrics`, { redirect: "manual", headers: { authorization } });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
};

const sample = (text: string, name: string, labels: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && labels.split(",").every((label) => l.includes(label)));
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
};

describe("/metrics", () => {
  it("refuses a scrape without the token (scripts/test.mjs sets METRICS_TOKEN for the test app)", async () => {
    expect((await scrape("")).status).toBe(401);
    expect((await scrape("Bearer wrong-token-of-the-same-length")).status).toBe(401);
  });

  it("counts /v1 requests by operation and status, and reports queues and the outbox", async () => {
    const ws = await testWorkspace("metrics");
    const before = await scrape();
    expect(before.status).toBe(200);
    expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const okBefore = sample(before.text, "leadpipe_http_requests_total", 'operation="listPacks",status="200"') ?? 0;
    const missingBefore = sample(before.text, "leadpipe_http_requests_total", 'operation="getLead",status="404"') ?? 0;

    for (let i = 0; i < 3; i++) expect((await call("GET", "/v1/packs?limit=1", { token: ws.tokens.admin })).status).toBe(200);
    expect((await call("GET", "/v1/leads/lead_01aaaaaaaaaaaaaaaaaaaaaaaa", { token: ws.tokens.admin })).status).toBe(404);

    const after = await scrape();
    expect(sample(after.text, "leadpipe_http_requests_total", 'operation="listPacks",status="200"')).toBe(okBefore + 3);
    expect(sample(after.text, "leadpipe_http_requests_total", 'operation="getLead",status="404"')).toBe(missingBefore + 1);
    expect(sample(after.text, "leadpipe_http_request_duration_seconds_count", 'operation="listPacks"')).toBeGreaterThanOrEqual(3);
    for (const queue of ["import", "stage", "send", "track", "deliver", "housekeeping"]) {
      expect(sample(after.text, "leadpipe_queue_jobs", `queue="${queue}",state="waiting"`)).toBeGreaterThanOrEqual(0);
    }
    expect(after.text).toMatch(/^leadpipe_outbox_pending_events \d+$/m);
    expect(after.text).toContain("leadpipe_process_resident_memory_bytes");
  });
});
