import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Exchange } from "./tee";

// Stoplight Prism (`prism proxy <document> <upstream>`, an outside validating proxy) judges each
// recorded /v1 exchange: the request goes to Prism as the client sent it, Prism checks it against
// the document and forwards it to a replay server that answers what the service answered then,
// and Prism checks that answer too. Its verdicts come back in the `sl-violations` header.
// (Prism in the live path would change what the tests see: it re-serialises JSON bodies, follows
// redirects and reads bodies it cannot parse as errors; replaying keeps the tests exact.)

export type Violation = { location: string[]; severity: string; code?: string | number; message: string };
export type Verdict = { request: Violation[]; response: Violation[]; truncated: boolean; prismError?: string };

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "host",
  "expect",
  "upgrade",
  "proxy-connection",
  "te",
  "trailer",
]);
const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

/** A body Prism forwards with the same length it was given: canonical JSON, or text (what Prism reads it as). */
function bodyForPrism(exchange: Exchange): { body?: string; contentType?: string } {
  if (exchange.requestBody.length === 0) return {};
  const type = String(exchange.requestHeaders["content-type"] ?? "");
  const text = exchange.requestBody.toString("utf8");
  // Past 2 MiB only the start was kept (the service refuses such bodies): Prism judges the answer.
  if (exchange.requestTruncated) return { body: text, contentType: "text/plain" };
  if (JSON_TYPE.test(type)) {
    try {
      return { body: JSON.stringify(JSON.parse(text)) };
    } catch {
      // Broken JSON on purpose (the bad-input suites): Prism sees text, so its verdict on the answer still counts.
      return { body: text, contentType: "text/plain" };
    }
  }
  return { body: text };
}

/**
 * The path as Prism can route it: a segment that is not valid percent-encoding (`%C0%AE`, `%zz`, sent
 * on purpose by the bad-input suites) makes Prism 5.14 throw URIError and exit, so its `%` are escaped:
 * still a value that names nothing, for the same operation.
 */
export function routablePath(url: string): string {
  const [pathname, ...query] = url.replace(/^\/v1/, "").split("?");
  const segments = pathname.split("/").map((segment) => {
    try {
      decodeURIComponent(segment);
      return segment;
    } catch {
      return segment.replace(/%/g, "%25");
    }
  });
  return `${segments.join("/") || "/"}${query.length ? `?${query.join("?")}` : ""}`;
}

function parseViolations(header: string | null): { list: Violation[]; truncated: boolean } {
  if (!header) return { list: [], truncated: false };
  const truncated = header.startsWith("Too many violations! ");
  const text = truncated ? header.slice("Too many violations! ".length) : header;
  try {
    return { list: JSON.parse(text) as Violation[], truncated };
  } catch {
    // Cut off mid-list: keep the whole objects before the cut.
    const objects = [...text.matchAll(/\{"location":\[[^\]]*\],"severity":"\w+","code":[^,]*,"message":"(?:[^"\\]|\\.)*"\}/g)].map(
      (m) => JSON.parse(m[0]) as Violation,
    );
    return { list: objects, truncated: true };
  }
}

export async function startPrism(options: { document: string; port: number; logFile: string }) {
  const pending = new Map<string, { exchange: Exchange; reached: boolean }>();
  // The upstream Prism forwards to: the recorded answer of the exchange the request names.
  const replay = http.createServer((request, response) => {
    const id = String(request.headers["x-contract-exchange"] ?? "");
    // Answered at once, body unread, connection closed: Prism forwards a falsy JSON body (null, 0,
    // false) as no body while keeping its Content-Length, so waiting for the body would wait forever.
    request.resume();
    const entry = pending.get(id);
    if (!entry) return void response.writeHead(599, { "content-type": "text/plain", connection: "close" }).end(`no exchange ${id}`);
    entry.reached = true;
    const headers = Object.fromEntries(Object.entries(entry.exchange.responseHeaders).filter(([name]) => !HOP_BY_HOP.has(name)));
    response
      .writeHead(entry.exchange.status, { ...headers, "content-length": String(entry.exchange.responseBody.length), connection: "close" })
      .end(entry.exchange.responseBody);
  });
  await new Promise<void>((resolve) => replay.listen(0, "127.0.0.1", () => resolve()));
  const upstream = `http://127.0.0.1:${(replay.address() as AddressInfo).port}`;

  const log = createWriteStream(options.logFile);
  const url = `http://127.0.0.1:${options.port}`;
  let prism: ChildProcess | undefined;
  let closing = false;
  let restarts = 0;
  let ready: Promise<void> = Promise.resolve();
  const spawnPrism = () => {
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, "node_modules", "@stoplight", "prism-cli", "dist", "index.js"),
        "proxy",
        options.document,
        upstream,
        "--host",
        "127.0.0.1",
        "--port",
        String(options.port),
        "--cors",
        "false",
      ],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: "production", FORCE_COLOR: "0" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    // Prism exits on some inputs it cannot parse; it is started again and the run counts it.
    child.once("exit", () => {
      if (closing) return;
      restarts++;
      prism = spawnPrism();
      ready = waitForPrism();
    });
    return child;
  };
  const waitForPrism = async () => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (
        await fetch(`${url}/__prism_ready`).then(
          () => true,
          () => false,
        )
      )
        return;
      if (Date.now() > deadline) throw new Error(`Prism did not start within 120 s; see ${options.logFile}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  prism = spawnPrism();
  ready = waitForPrism();
  await ready;

  async function judge(exchange: Exchange): Promise<Verdict> {
    const id = String(exchange.n);
    const entry = { exchange, reached: false };
    pending.set(id, entry);
    try {
      const { body, contentType } = bodyForPrism(exchange);
      const headers: Record<string, string> = { "x-contract-exchange": id };
      for (const [name, value] of Object.entries(exchange.requestHeaders)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      if (contentType) headers["content-type"] = contentType;
      // The document's paths are relative to its server, /v1. Asked again once if Prism went away meanwhile.
      const ask = async () => {
        await ready;
        return fetch(`${url}${routablePath(exchange.url)}`, {
          method: exchange.method,
          headers,
          body,
          redirect: "manual",
          signal: AbortSignal.timeout(60_000),
        });
      };
      const answer = await ask().catch(async (error: Error) => {
        if (error.name === "TimeoutError") throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return ask();
      });
      const text = await answer.text();
      const { list, truncated } = parseViolations(answer.headers.get("sl-violations"));
      const verdict: Verdict = {
        request: list.filter((v) => v.location[0] === "request"),
        response: list.filter((v) => v.location[0] === "response"),
        truncated,
      };
      if (!entry.reached) verdict.prismError = `Prism answered ${answer.status} itself: ${text.slice(0, 300)}`;
      return verdict;
    } catch (error) {
      return { request: [], response: [], truncated: false, prismError: `no verdict: ${(error as Error).message}` };
    } finally {
      pending.delete(id);
    }
  }

  return {
    judge,
    restarts: () => restarts,
    close: async () => {
      closing = true;
      const child = prism!;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await new Promise<void>((resolve) => replay.close(() => resolve()));
      log.end();
    },
  };
}
