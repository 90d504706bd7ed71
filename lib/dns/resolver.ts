import { promises as dnsPromises } from "node:dns";

// One DNS question, answered within a time limit (contract §13): through Node's own resolver
// (c-ares), asking the system's servers or the ones given (`DNS_SERVERS`, `host:port`). An answer
// is records, "none" (the name exists without records of that type), "nxdomain" (no such name),
// or "unknown" (no answer in time, or a server failure): unknown is never read as a missing record.

export type DnsOptions = { servers: string[]; timeoutMs: number };
export type Lookup<T> = { kind: "found"; records: T } | { kind: "none" } | { kind: "nxdomain" } | { kind: "unknown"; reason: string };

const NO_RECORDS = new Set(["ENODATA"]);
const NO_NAME = new Set(["ENOTFOUND"]);

function outcomeOf<T>(error: unknown): Lookup<T> {
  const code = (error as { code?: string }).code ?? "";
  if (NO_RECORDS.has(code)) return { kind: "none" };
  if (NO_NAME.has(code)) return { kind: "nxdomain" };
  return { kind: "unknown", reason: code === "ETIMEOUT" || code === "ECANCELLED" ? "no answer in time" : `the resolver failed (${code || "error"})` };
}

/** Asks one question on a resolver of its own, so a timeout cancels only this question. */
async function ask<T>(options: DnsOptions, question: (resolver: dnsPromises.Resolver) => Promise<T>): Promise<Lookup<T>> {
  const resolver = new dnsPromises.Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.servers.length) resolver.setServers(options.servers);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Lookup<T>>((resolve) => {
    timer = setTimeout(() => {
      resolver.cancel();
      resolve({ kind: "unknown", reason: `no answer within ${options.timeoutMs} ms` });
    }, options.timeoutMs);
  });
  const answer = question(resolver).then(
    (records): Lookup<T> => ({ kind: "found", records }),
    (error: unknown) => outcomeOf<T>(error),
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

export type DnsClient = ReturnType<typeof dnsClient>;

/** The questions the checks ask. TXT strings split in chunks are joined. */
export function dnsClient(options: DnsOptions) {
  return {
    options,
    mx: (domain: string) => ask(options, (r) => r.resolveMx(domain)),
    txt: async (name: string): Promise<Lookup<string[]>> => {
      const found = await ask(options, (r) => r.resolveTxt(name));
      return found.kind === "found" ? { kind: "found", records: found.records.map((chunks) => chunks.join("")) } : found;
    },
    a: (domain: string) => ask(options, (r) => r.resolve4(domain)),
    aaaa: (domain: string) => ask(options, (r) => r.resolve6(domain)),
  };
}

/** The domain of an address, lower-cased; null when there is none. */
export function domainOf(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 1 || at === email.length - 1) return null;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
}
