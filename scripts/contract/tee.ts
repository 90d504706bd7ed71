import http from "node:http";
import type { AddressInfo } from "node:net";

// A transparent HTTP proxy in front of `next start` for the contract run: every request and answer
// passes through byte for byte (streams, redirects, cookies and all), so the API tests behave as
// without it. What went to and came back from /v1 is also kept, for Prism to judge afterwards.

export type Exchange = {
  n: number;
  method: string;
  /** Path and query as the client sent them, e.g. /v1/eval-sets/evals%2Fdraft_email?x=1. */
  url: string;
  requestHeaders: http.IncomingHttpHeaders;
  /** At most MAX_KEPT bytes of it (the suite sends up to 100 MB to see it refused). */
  requestBody: Buffer;
  requestTruncated: boolean;
  status: number;
  responseHeaders: http.IncomingHttpHeaders;
  responseBody: Buffer;
};

const RECORDED = /^\/v1(\/|\?|$)/;
const MAX_KEPT = 2 * 1024 * 1024;

export async function startTee(options: { port: number; upstream: URL; onExchange: (exchange: Exchange) => void }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let count = 0;
  const server = http.createServer((request, response) => {
    const record = RECORDED.test(request.url ?? "");
    const requestChunks: Buffer[] = [];
    let kept = 0;
    let stopped = false;
    const upstream = http.request(
      { host: options.upstream.hostname, port: options.upstream.port, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        // Answered before the body ended (a 413 past the size limit): stop taking the client's bytes, as the service did.
        const early = !request.complete;
        if (early) {
          stopped = true;
          request.pause();
        }
        const headers = early
          ? [...answer.rawHeaders.filter((_, i, all) => !/^connection$/i.test(all[i - (i % 2)])), "Connection", "close"]
          : answer.rawHeaders;
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        const responseChunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => {
          if (record) responseChunks.push(chunk);
          response.write(chunk);
        });
        answer.on("end", () => {
          response.end(() => {
            if (early) request.socket.end();
          });
          if (!record) return;
          options.onExchange({
            n: ++count,
            method: request.method ?? "GET",
            url: request.url ?? "/",
            requestHeaders: request.headers,
            requestBody: Buffer.concat(requestChunks),
            requestTruncated: kept >= MAX_KEPT,
            status: answer.statusCode ?? 0,
            responseHeaders: answer.headers,
            responseBody: Buffer.concat(responseChunks),
          });
        });
        answer.on("error", () => response.destroy());
      },
    );
    upstream.on("error", (error) => {
      if (response.headersSent) return void response.destroy();
      response.writeHead(502, { "content-type": "text/plain" }).end(`contract tee: upstream failed: ${error.message}`);
    });
    upstream.on("drain", () => stopped || request.resume());
    request.on("data", (chunk: Buffer) => {
      if (record && kept < MAX_KEPT) {
        requestChunks.push(chunk.subarray(0, MAX_KEPT - kept));
        kept += chunk.length;
      }
      if (!upstream.write(chunk)) request.pause();
    });
    request.on("end", () => upstream.end());
    request.on("error", () => upstream.destroy());
    response.on("close", () => {
      // The client went away before the answer ended (a test that aborts): stop asking upstream.
      if (!response.writableFinished) upstream.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
