import http from "node:http";
import net from "node:net";
import os from "node:os";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboundAgent } from "@/lib/net/outbound-agent";
import { guardedSocket, isOutboundRefusal, outboundHostProblem, outboundUrlProblem, resolveOutboundHost } from "@/lib/net/outbound";

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
    "http://[::a9fe:a9fe]/", // IPv4-compatible 169.254.169.254
    "http://[::a00:1]/", // IPv4-compatible 10.0.0.1
    "http://[64:ff9b::a9fe:a9fe]/", // NAT64
    "http://[2001:db8::1]/",
    "http://[2002:a00:1::1]/", // 6to4
    "http://[2001::1]/", // Teredo
    "http://[3fff::1]/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://[100::1]/",
    "http://localhost./",
    "http://LOCALHOST../",
    "http://app.localhost./",
    "http://169.254.169.254./",
    "http://0xa9.0xfe.0xa9.0xfe/",
    "http://2852039166/",
    "http://127.1/",
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
    expect(outboundUrlProblem("https://[2606:4700::1111]/x", [])).toBeNull();
    expect(outboundUrlProblem("https://hooks.example.com./x", [])).toBeNull();
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
      http
        .get(url, { agent: outboundAgent(url, allowlist) }, (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve(body));
        })
        .on("error", reject);
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

describe("outboundHostProblem (SMTP relay, IMAP hosts)", () => {
  it.each(["localhost.", "127.1", "0177.0.0.1", "2130706433", "[::1]", "::a9fe:a9fe", "[::ffff:10.0.0.1]", "169.254.169.254."])("refuses %s", (host) => {
    expect(outboundHostProblem(host, [])).toMatch(/private or reserved/);
  });
  it("allows public names and addresses, and says when a value is no host at all", () => {
    expect(outboundHostProblem("smtp.example.com.", [])).toBeNull();
    expect(outboundHostProblem("8.8.8.8", [])).toBeNull();
    expect(outboundHostProblem("bad host", [])).toBe("must be a host name or IP address");
  });
});

describe("raw sockets (resolveOutboundHost, guardedSocket)", () => {
  it("refuses a name that resolves to loopback, and connects when it is allowlisted", async () => {
    await expect(resolveOutboundHost(os.hostname(), [])).rejects.toSatisfy(isOutboundRefusal);
    await expect(resolveOutboundHost("localhost.", [])).rejects.toSatisfy(isOutboundRefusal);
    expect(await resolveOutboundHost("127.0.0.1", ["127.0.0.0/8"])).toBe("127.0.0.1");
  });

  it("guardedSocket hands nodemailer a connected socket only for an allowed address", async () => {
    const server = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const { port } = server.address() as AddressInfo;
    const open = (allowlist: string[]) =>
      new Promise<{ error: Error | null; connected: boolean }>((resolve) => {
        guardedSocket(
          os.hostname(),
          port,
          allowlist,
        )({}, (error, options) => {
          options?.connection.destroy();
          resolve({ error, connected: Boolean(options?.connection) });
        });
      });
    const refused = await open([]);
    expect(isOutboundRefusal(refused.error)).toBe(true);
    expect((await open(["127.0.0.0/8", "::1/128"])).connected).toBe(true);
    server.close();
  });
});
