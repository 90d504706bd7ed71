import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOutboundRefusal, outboundAgent, outboundUrlProblem } from "@/lib/net/outbound";

describe("outboundUrlProblem (at once, on the URL)", () => {
  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/hook",
    "http://localhost:8080/hook",
    "http://app.localhost/hook",
    "http://127.0.0.1/hook",
    "http://[::1]/hook",
    "http://[::ffff:10.0.0.1]/hook",
    "http://192.168.1.20/",
    "http://0.0.0.0/",
    "http://100.64.0.1/",
  ])("refuses %s", (url) => {
    expect(outboundUrlProblem(url, [])).toMatch(/private or reserved/);
  });

  it("refuses other schemes and non-URLs", () => {
    expect(outboundUrlProblem("ftp://files.example.com/a.csv", [])).toBe("must use http or https");
    expect(outboundUrlProblem("file:///etc/passwd", [])).toBe("must use http or https");
    expect(outboundUrlProblem("not a url", [])).toBe("must be a valid URL");
  });

  it("allows public hosts and names (names are checked at connect time)", () => {
    expect(outboundUrlProblem("https://hooks.example.com/x", [])).toBeNull();
    expect(outboundUrlProblem("https://93.184.216.34/x", [])).toBeNull();
  });

  it("allows private addresses inside OUTBOUND_ALLOWLIST", () => {
    expect(outboundUrlProblem("http://127.0.0.1:9000/hook", ["127.0.0.0/8"])).toBeNull();
    expect(outboundUrlProblem("http://localhost:9000/hook", ["127.0.0.0/8", "::1/128"])).toBeNull();
    expect(outboundUrlProblem("http://10.0.0.1/hook", ["127.0.0.0/8"])).toMatch(/private/);
  });
});

describe("outboundAgent (at connect time, on resolved addresses)", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  function get(url: string, allowlist: string[]) {
    return new Promise<string>((resolve, reject) => {
      http.get(url, { agent: outboundAgent(url, allowlist) }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve(body));
      }).on("error", reject);
    });
  }

  it("refuses a hostname that resolves to loopback", async () => {
    // This machine's own name resolves to 127.0.0.1 through /etc/hosts: no literal to catch early.
    const url = `http://${os.hostname()}:${port}/`;
    expect(outboundUrlProblem(url, [])).toBeNull();
    const error = await get(url, []).catch((e) => e);
    expect(isOutboundRefusal(error)).toBe(true);
  });

  it("connects when the range is allowlisted", async () => {
    expect(await get(`http://${os.hostname()}:${port}/`, ["127.0.0.0/8"])).toBe("ok");
  });
});
