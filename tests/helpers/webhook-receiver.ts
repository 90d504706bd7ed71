import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { at: number; headers: http.IncomingHttpHeaders; body: string };
/** `slow` answers after 12 s (past the 10 s attempt limit); `hang` never answers. */
export type Mode = "ok" | "fail" | "redirect" | "huge" | "slow" | "hang";

/** A customer's webhook endpoint on loopback: records every request, answers as its mode says. */
export async function startReceiver(port = 0) {
  const received: Received[] = [];
  let mode: Mode = "ok";
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ at: Date.now(), headers: req.headers, body });
      if (mode === "ok") res.writeHead(200).end("thanks");
      else if (mode === "redirect") res.writeHead(302, { location: "https://elsewhere.example/hook" }).end();
      else if (mode === "huge") res.writeHead(500).end("x".repeat(1024 * 1024));
      else if (mode === "slow") setTimeout(() => res.writeHead(200).end("late"), 12_000);
      else if (mode === "hang")
        return; // the attempt times out; close() drops the socket
      else res.writeHead(500).end("receiver broke");
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/hook`,
    port: actualPort,
    received,
    setMode: (next: Mode) => (mode = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
