import { afterEach, describe, expect, it, vi } from "vitest";
import { endpoint } from "@/components/data/endpoint";

// An endpoint pairs one key with one /api/web path; its fetch goes to that path and nowhere else.

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const run = <T>(options: { queryFn?: unknown }) =>
  (options.queryFn as (context: { signal: AbortSignal }) => Promise<T>)({ signal: new AbortController().signal });

afterEach(() => vi.unstubAllGlobals());

describe("endpoint", () => {
  it("keeps the key it was given and reads its own path under /api/web", async () => {
    const fetch = vi.fn(async () => answer(200, { id: "run_1" }));
    vi.stubGlobal("fetch", fetch);
    const detail = endpoint<{ id: string }>(["runs", "detail", "run_1"], "/runs/run_1");
    expect(detail.queryKey).toEqual(["runs", "detail", "run_1"]);
    await expect(run(detail)).resolves.toEqual({ id: "run_1" });
    expect(fetch).toHaveBeenCalledWith("/api/web/runs/run_1", expect.objectContaining({ method: "GET" }));
  });

  it("fails with the server's detail", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(404, { detail: "No such run.", code: "not_found" })),
    );
    await expect(run(endpoint(["runs", "detail", "x"], "/runs/x"))).rejects.toMatchObject({ status: 404, message: "No such run." });
  });
});
