import type http from "node:http";
import ipaddr from "ipaddr.js";
import { useAgent as filteringAgentFor } from "request-filtering-agent";
import { config } from "@/lib/config";

// Outbound URLs (CSV fetches, webhook deliveries) must reach public addresses (contract §7).
// Two checks: at once, on the URL's literal host (a private IP or localhost is refused unless
// allowlisted), and at connect time, on every address the name resolves to (DNS rebinding), by
// request-filtering-agent. OUTBOUND_ALLOWLIST (CIDRs) opens private ranges, e.g. loopback in tests.

function inAllowlist(address: ipaddr.IPv4 | ipaddr.IPv6, allowlist: string[]): boolean {
  const normalized = address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
  return allowlist.some((cidr) => {
    try {
      const range = ipaddr.parseCIDR(cidr);
      return range[0].kind() === normalized.kind() && normalized.match(range);
    } catch {
      return false;
    }
  });
}

function isPublic(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  const normalized = address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
  return normalized.range() === "unicast";
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
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const literals = host === "localhost" || host.endsWith(".localhost") ? ["127.0.0.1", "::1"] : ipaddr.isValid(host) ? [host] : [];
  for (const literal of literals) {
    const address = ipaddr.parse(literal);
    if (!isPublic(address) && !inAllowlist(address, allowlist)) return `points to a private or reserved address (${host}); only public addresses are allowed`;
  }
  return null;
}

const agents = new Map<string, http.Agent>();

/**
 * An http(s) agent that refuses, at connect time, any address outside the public internet. Agents
 * keep connections alive and are shared (one per scheme and allowlist), so a busy webhook endpoint
 * costs one TCP handshake per connection, not per delivery.
 */
export function outboundAgent(url: string, allowlist: string[] = config().OUTBOUND_ALLOWLIST): http.Agent {
  const key = `${url.startsWith("https:") ? "https" : "http"} ${allowlist.join(",")}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = filteringAgentFor(url, { allowIPAddressList: allowlist, keepAlive: true, maxFreeSockets: 256, scheduling: "lifo", timeout: 30_000 });
    agents.set(key, agent);
  }
  return agent;
}

/** Is this a refusal by the connect-time guard (as opposed to an ordinary network error)? */
export function isOutboundRefusal(error: unknown): boolean {
  return error instanceof Error && /is not allowed\. Because/.test(error.message);
}
