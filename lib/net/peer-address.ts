import http from "node:http";

// `next start` fills X-Forwarded-For with the socket's address only when the request has none, so
// a client that sends its own header would choose the address every per-address limit sees.
// stampPeerAddress (called once from instrumentation.ts) makes the web server behave like a
// proxy: the socket's address is appended to X-Forwarded-For of every request before Next sees
// it, so the last entry is always the peer actually connected. clientAddress in
// lib/auth/sign-in-limit.ts then walks the list from the right past TRUSTED_PROXY_CIDRS only.

const STAMPED = Symbol.for("leadpipe.peer-address-stamped");

export function stampPeerAddress(): void {
  const prototype = http.Server.prototype as http.Server & { [STAMPED]?: true };
  if (prototype[STAMPED]) return;
  prototype[STAMPED] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") appendPeer(args[0] as http.IncomingMessage);
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof prototype.emit;
}

function appendPeer(request: http.IncomingMessage) {
  const peer = request.socket?.remoteAddress;
  if (!peer) return;
  const existing = request.headers["x-forwarded-for"];
  request.headers["x-forwarded-for"] = existing ? `${existing}, ${peer}` : peer;
}
