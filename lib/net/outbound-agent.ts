import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { Duplex } from "node:stream";
import { config } from "@/lib/config";
import { guardedLookup, OutboundRefused, outboundAddressAllowed } from "@/lib/net/outbound";

// http(s) agents that apply the outbound rule at connect time: a literal address is checked before
// connecting, a name through guardedLookup (every address it resolves to). Agents keep connections
// alive and are shared (one per scheme and allowlist), so a busy webhook endpoint costs one TCP
// handshake per connection, not per delivery.

type ConnectOptions = net.NetConnectOpts & { host?: string };
type Callback = (error: Error | null, socket: Duplex) => void;

function refusedSocket(error: Error, callback?: Callback): net.Socket {
  const socket = new net.Socket();
  if (callback) callback(error, socket);
  else process.nextTick(() => socket.destroy(error));
  return socket;
}

function guardedOptions(options: ConnectOptions, allowlist: string[]): ConnectOptions | Error {
  const host = (options.host ?? "").replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !outboundAddressAllowed(host, allowlist)) return new OutboundRefused(host, host);
  return { ...options, lookup: guardedLookup(allowlist) as net.LookupFunction };
}

class GuardedHttpAgent extends http.Agent {
  constructor(
    private readonly allowlist: string[],
    options: http.AgentOptions,
  ) {
    super(options);
  }
  createConnection(options: ConnectOptions, callback?: Callback): Duplex {
    const guarded = guardedOptions(options, this.allowlist);
    if (guarded instanceof Error) return refusedSocket(guarded, callback);
    // @ts-expect-error http.Agent#createConnection exists at runtime but is not in @types/node
    return super.createConnection(guarded, callback);
  }
}

class GuardedHttpsAgent extends https.Agent {
  constructor(
    private readonly allowlist: string[],
    options: https.AgentOptions,
  ) {
    super(options);
  }
  createConnection(options: ConnectOptions, callback?: Callback): Duplex {
    const guarded = guardedOptions(options, this.allowlist);
    if (guarded instanceof Error) return refusedSocket(guarded, callback);
    // @ts-expect-error https.Agent#createConnection exists at runtime but is not in @types/node
    return super.createConnection(guarded, callback);
  }
}

const agents = new Map<string, http.Agent>();

/** The shared guarded agent for this URL's scheme. */
export function outboundAgent(url: string, allowlist: string[] = config().OUTBOUND_ALLOWLIST): http.Agent {
  const secure = url.startsWith("https:");
  const key = `${secure ? "https" : "http"} ${allowlist.join(",")}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxFreeSockets: 256, scheduling: "lifo" as const, timeout: 30_000 };
    agent = secure ? new GuardedHttpsAgent(allowlist, options) : new GuardedHttpAgent(allowlist, options);
    agents.set(key, agent);
  }
  return agent;
}
