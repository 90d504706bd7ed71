import { z } from "zod";
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { config } from "@/lib/config";

// THE outbound rule (contract §7), used for every connection the service makes to an address a
// user typed: webhook URLs, CSV URLs, a provider's base_url, the SMTP relay host (and an IMAP
// host). Call it twice: when the value is saved (outboundUrlProblem / outboundHostProblem: the
// literal host) and when connecting (outboundAgent for http(s), resolveOutboundHost for raw
// sockets: every address the name resolves to, so DNS rebinding cannot slip through).
//
// Allowed: globally routable unicast only. IPv4 outside every special range; IPv6 inside 2000::/3
// and outside its reserved blocks (documentation, Teredo, 6to4, ORCHID, benchmarking, ...). So
// IPv4-compatible (::a9fe:a9fe), NAT64, unique-local, link-local and site-local forms are refused;
// an IPv4-mapped address (::ffff:a.b.c.d) is judged as the IPv4 address it is. Names are
// normalised first (case, trailing dots, numeric IPv4 spellings such as 0x7f.1). OUTBOUND_ALLOWLIST
// (CIDRs) opens ranges, e.g. loopback in tests.

type Address = ipaddr.IPv4 | ipaddr.IPv6;
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

function unmapped(address: Address): Address {
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

function inAllowlist(address: Address, allowlist: string[]): boolean {
  return allowlist.some((cidr) => {
    try {
      const range = ipaddr.parseCIDR(cidr);
      return range[0].kind() === address.kind() && address.match(range);
    } catch {
      return false;
    }
  });
}

function isGloballyRoutable(address: Address): boolean {
  if (address.range() !== "unicast") return false; // ipaddr.js names every special-purpose block
  return address.kind() === "ipv4" || address.match(GLOBAL_UNICAST_V6);
}

/** May the service connect to this IP address? (Not an IP address: false.) */
export function outboundAddressAllowed(ip: string, allowlist: string[] = config().OUTBOUND_ALLOWLIST): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = unmapped(ipaddr.parse(ip));
  return isGloballyRoutable(address) || inAllowlist(address, allowlist);
}

/**
 * A host as a connection would see it: lower case, without brackets or trailing dots, IPv4 in
 * dotted-decimal whatever its spelling (the WHATWG URL parser does that part), or null when it is
 * not a host at all.
 */
export function normalizeHost(host: string): string | null {
  let bare = host.trim().replace(/^\[|\]$/g, "");
  if (ipaddr.IPv6.isValid(bare)) bare = `[${bare}]`;
  let parsed: string;
  try {
    parsed = new URL(`http://${bare}/`).hostname;
  } catch {
    return null;
  }
  const normalized = parsed
    .replace(/^\[|\]$/g, "")
    .toLowerCase()
    .replace(/\.+$/, "");
  return normalized === "" ? null : normalized;
}

/** Why this host may not be used, or null when it may (a name is checked again at connect time). */
export function outboundHostProblem(host: string, allowlist: string[] = config().OUTBOUND_ALLOWLIST): string | null {
  const normalized = normalizeHost(host);
  if (normalized === null) return "must be a host name or IP address";
  const isLocalName = normalized === "localhost" || normalized.endsWith(".localhost");
  const literals = isLocalName ? ["127.0.0.1", "::1"] : ipaddr.isValid(normalized) ? [normalized] : [];
  for (const literal of literals) {
    if (!outboundAddressAllowed(literal, allowlist)) return `points to a private or reserved address (${normalized}); only public addresses are allowed`;
  }
  return null;
}

/** Why this URL may not be fetched, or null when it may (subject to the connect-time check). */
export function outboundUrlProblem(value: string, allowlist: string[] = config().OUTBOUND_ALLOWLIST): string | null {
  // Deliveries ask about the same few URLs thousands of times a second; parsing is not free.
  const key = `${allowlist.join(",")} ${value}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const verdict = checkUrl(value, allowlist);
  if (verdicts.size >= 10_000) verdicts.clear();
  verdicts.set(key, verdict);
  return verdict;
}

const verdicts = new Map<string, string | null>();

function checkUrl(value: string, allowlist: string[]): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be a valid URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must use http or https";
  return outboundHostProblem(url.hostname, allowlist);
}

/** The error every connect-time refusal carries (see isOutboundRefusal). */
export class OutboundRefused extends Error {
  readonly code = "EOUTBOUNDREFUSED";
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
  }
}

/** Is this a refusal by the connect-time guard (as opposed to an ordinary network error)? */
export function isOutboundRefusal(error: unknown): boolean {
  return error instanceof OutboundRefused || (error instanceof Error && (error as { code?: unknown }).code === "EOUTBOUNDREFUSED");
}

type LookupAddress = { address: string; family: number };
type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup for net.connect that fails with OutboundRefused when any resolved address is not allowed. */
export function guardedLookup(allowlist: string[] = config().OUTBOUND_ALLOWLIST) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !outboundAddressAllowed(entry.address, allowlist));
      if (refused) return callback(new OutboundRefused(hostname, refused.address), []);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Resolves a host for a raw socket (SMTP, IMAP) and checks every address it resolves to; connect
 * to the returned address (keep the name for TLS servername). Throws OutboundRefused.
 */
export async function resolveOutboundHost(host: string, allowlist: string[] = config().OUTBOUND_ALLOWLIST): Promise<string> {
  const normalized = normalizeHost(host);
  if (normalized === null) throw new OutboundRefused(host, "nothing");
  if (ipaddr.isValid(normalized)) {
    if (!outboundAddressAllowed(normalized, allowlist)) throw new OutboundRefused(host, normalized);
    return normalized;
  }
  const addresses = await dns.promises.lookup(normalized, { all: true });
  const refused = addresses.find((entry) => !outboundAddressAllowed(entry.address, allowlist));
  if (refused) throw new OutboundRefused(host, refused.address);
  return addresses[0].address;
}

/**
 * nodemailer's getSocket option: resolves and checks the host (resolveOutboundHost), then connects
 * to the checked address. nodemailer keeps the host name for TLS (SNI and certificate check).
 */
export function guardedSocket(host: string, port: number, allowlist?: string[]) {
  return (_options: unknown, callback: (error: Error | null, socketOptions?: { connection: net.Socket }) => void) => {
    resolveOutboundHost(host, allowlist).then(
      (address) => {
        const socket = net.connect({ host: address, port });
        socket.setTimeout(10_000, () => socket.destroy(new Error(`connecting to ${host}:${port} timed out`)));
        const onError = (error: Error) => callback(error);
        socket.once("error", onError);
        socket.once("connect", () => {
          socket.off("error", onError);
          socket.setTimeout(0);
          callback(null, { connection: socket });
        });
      },
      (error: Error) => callback(error),
    );
  };
}

/**
 * A fetch for the provider clients (openai, anthropic SDKs): checks every address the URL's host
 * resolves to before each call. Node's fetch does its own lookup afterwards, so unlike
 * outboundAgent this does not pin the checked address (a DNS answer that changes between the two
 * lookups is not caught); the URL itself was checked when it was saved.
 */
export async function guardedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input);
  await resolveOutboundHost(url.hostname);
  return fetch(input, init);
}

/** A host we connect out to (a relay, a mailbox): a name or an IP literal, public unless OUTBOUND_ALLOWLIST opens its range. */
export const OutboundHost = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/, "must be a host name or IP address")
  .superRefine((value, ctx) => {
    const problem = outboundHostProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
