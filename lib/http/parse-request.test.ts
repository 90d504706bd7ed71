import { z } from "zod";
import { describe, expect, it } from "vitest";
import { parseRequest } from "@/lib/http/parse-request";

const shape = { params: z.object({ id: z.string().regex(/^lead_[a-z0-9]+$/) }), body: z.strictObject({ name: z.string() }) };
const url = new URL("http://x/v1/leads/lead_1");
const post = (body: string, type = "application/json") => new Request(url, { method: "POST", headers: { "content-type": type }, body });

describe("parseRequest", () => {
  it("parses params, query and a JSON body, and keeps the raw body", async () => {
    const parsed = await parseRequest(shape, post('{"name":"Ada"}'), { params: { id: "lead_1" }, url, withoutQuery: "refuse" });
    expect(parsed).toEqual({ params: { id: "lead_1" }, query: {}, body: { name: "Ada" }, rawBody: '{"name":"Ada"}' });
  });

  it("answers each step's problem: 404 for a malformed param, 400 for the query, 415/400/422 for the body", async () => {
    const options = { params: { id: "lead_1" }, url, withoutQuery: "refuse" as const };
    await expect(parseRequest(shape, post("{}"), { ...options, params: { id: "nope" } })).rejects.toMatchObject({ status: 404, code: "not_found" });
    await expect(parseRequest(shape, post('{"name":"a"}'), { ...options, url: new URL("http://x/?x=1") })).rejects.toMatchObject({
      status: 400,
      code: "invalid_request",
    });
    await expect(parseRequest(shape, post('{"name":"a"}'), { ...options, url: new URL("http://x/?x=%00") })).rejects.toMatchObject({ status: 400 });
    await expect(parseRequest(shape, post('{"name":"a"}'), { ...options, url: new URL("http://x/?x=1&x=2") })).rejects.toMatchObject({
      status: 400,
      code: "invalid_request",
    });
    await expect(parseRequest(shape, post("name=a", "text/plain"), options)).rejects.toMatchObject({ status: 415 });
    await expect(parseRequest(shape, post("{"), options)).rejects.toMatchObject({ status: 400, code: "invalid_json" });
    await expect(parseRequest(shape, post('{"name":1}'), options)).rejects.toMatchObject({ status: 422, code: "validation_failed" });
    await expect(parseRequest(shape, post('{"name":"a\\u0000"}'), options)).rejects.toMatchObject({ status: 422 });
    await expect(parseRequest(shape, post(`${"[".repeat(65)}${"]".repeat(65)}`), options)).rejects.toMatchObject({ status: 422 });
  });

  it("without a query schema, refuses any parameter (/v1) or ignores them (the web app)", async () => {
    const withQuery = new URL("http://x/?page=2");
    await expect(parseRequest({}, new Request(withQuery), { params: {}, url: withQuery, withoutQuery: "refuse" })).rejects.toMatchObject({ status: 400 });
    expect((await parseRequest({}, new Request(withQuery), { params: {}, url: withQuery, withoutQuery: "ignore" })).query).toEqual({});
  });
});
