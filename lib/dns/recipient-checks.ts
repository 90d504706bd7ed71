import { createRequire } from "node:module";
import type { DnsClient } from "@/lib/dns/resolver";
import { domainOf } from "@/lib/dns/resolver";

// The checks of a lead's address before draft_email (contract §13 "Recipient checks before
// drafting"): a role address (the `role-based-email-addresses` list), a disposable-mail domain (the
// `disposable-email-domains` list and its wildcard list), and a domain that can receive no mail
// (neither MX nor A/AAAA, or a null MX). A domain's answer is kept for a day by the caller's cache;
// a resolver that does not answer rejects nothing: a batch waits at most `waitMs` for answers (the
// questions go on and fill the cache for later batches), and after one question goes unanswered no
// further domain is asked for `silenceMs`, so a run is not slowed by a silent resolver.

const require = createRequire(import.meta.url);
const ROLE_PREFIXES = new Set<string>((require("role-based-email-addresses") as string[]).map((prefix) => prefix.toLowerCase()));
const DISPOSABLE = new Set<string>(require("disposable-email-domains") as string[]);
const DISPOSABLE_WILDCARD = new Set<string>(require("disposable-email-domains/wildcard.json") as string[]);

export const RECIPIENT_REJECTIONS = ["no_mx", "role_address", "disposable_domain"] as const;
export type RecipientRejection = { code: (typeof RECIPIENT_REJECTIONS)[number]; message: string };

/** `info@`, `sales@`, `no-reply@`…: the local part (without a +tag) is a role in the list. */
export function isRoleAddress(email: string): boolean {
  const local = email.slice(0, email.lastIndexOf("@")).toLowerCase().split("+")[0];
  return ROLE_PREFIXES.has(local);
}

/** A disposable-mail domain, or a subdomain of one listed as a wildcard. */
export function isDisposableDomain(domain: string): boolean {
  if (DISPOSABLE.has(domain)) return true;
  const labels = domain.split(".");
  for (let i = 0; i < labels.length - 1; i++) if (DISPOSABLE_WILDCARD.has(labels.slice(i).join("."))) return true;
  return false;
}

/** Whether a domain can receive mail: "yes", "no" (no MX, A or AAAA; or a null MX), or "unknown". */
export type MailDomain = "yes" | "no" | "unknown";

export async function domainReceivesMail(client: DnsClient, domain: string): Promise<MailDomain> {
  const mx = await client.mx(domain);
  if (mx.kind === "found") {
    // RFC 7505: a single MX of "." (Node gives "") says the domain accepts no mail.
    const real = mx.records.filter((record) => record.exchange !== "" && record.exchange !== ".");
    return real.length ? "yes" : mx.records.length ? "no" : "unknown";
  }
  if (mx.kind === "unknown") return "unknown";
  if (mx.kind === "nxdomain") return "no";
  const [a, aaaa] = await Promise.all([client.a(domain), client.aaaa(domain)]);
  if (a.kind === "found" || aaaa.kind === "found") return "yes";
  if (a.kind === "unknown" || aaaa.kind === "unknown") return "unknown";
  return "no";
}

/** Where definite answers are kept (a day, in Redis for the workers). */
export type DomainCache = {
  get(domains: string[]): Promise<Map<string, boolean>>;
  set(entries: [string, boolean][]): Promise<void>;
};

export type RecipientCheckerOptions = {
  client: DnsClient;
  cache: DomainCache;
  /** At most this many domains asked at once. */
  concurrency?: number;
  /** A batch waits at most this long (ms) for answers; questions still open go on and fill the cache. */
  waitMs?: number;
  /** After a question without an answer, nothing is asked for this long (ms). */
  silenceMs?: number;
  now?: () => number;
};

/**
 * Checks addresses in batches. One instance per process: it remembers domains asked in flight and
 * when the resolver last failed to answer.
 */
export function recipientChecker(options: RecipientCheckerOptions) {
  const concurrency = options.concurrency ?? 16;
  const silenceMs = options.silenceMs ?? 60_000;
  const now = options.now ?? Date.now;
  let silentUntil = 0;
  const inFlight = new Map<string, Promise<MailDomain>>();

  /** One domain's question (shared by every batch asking it meanwhile); a definite answer is cached. */
  function ask(domain: string): Promise<MailDomain> {
    if (now() < silentUntil) return Promise.resolve("unknown");
    let pending = inFlight.get(domain);
    if (!pending) {
      pending = domainReceivesMail(options.client, domain)
        .catch((): MailDomain => "unknown")
        .then(async (answer) => {
          if (answer === "unknown") silentUntil = now() + silenceMs;
          else await options.cache.set([[domain, answer === "yes"]]).catch(() => undefined);
          return answer;
        })
        .finally(() => inFlight.delete(domain));
      inFlight.set(domain, pending);
    }
    return pending;
  }

  /** Answers for each domain: the cache, then the resolver (bounded, within waitMs); "unknown" for the rest. */
  async function domains(list: string[]): Promise<Map<string, MailDomain>> {
    const unique = [...new Set(list)];
    const answers = new Map<string, MailDomain>();
    const cached = await options.cache.get(unique).catch(() => new Map<string, boolean>());
    for (const [domain, ok] of cached) answers.set(domain, ok ? "yes" : "no");
    const todo = unique.filter((domain) => !answers.has(domain));
    if (todo.length === 0 || now() < silentUntil) return answers;
    let next = 0;
    const workers = Array.from({ length: Math.min(concurrency, todo.length) }, async () => {
      while (next < todo.length) {
        const domain = todo[next++];
        answers.set(domain, await ask(domain));
      }
    });
    let timer: NodeJS.Timeout | undefined;
    const waited = options.waitMs === undefined ? null : new Promise<void>((resolve) => (timer = setTimeout(resolve, options.waitMs)));
    await Promise.race([Promise.all(workers), ...(waited ? [waited] : [])]);
    clearTimeout(timer);
    return new Map(answers); // a copy: questions still open go on, but this batch has its answers
  }

  /** The rejection of each address that fails a check (addresses that pass are absent). */
  async function check(emails: string[], allowRoleAddresses: boolean): Promise<Map<string, RecipientRejection>> {
    const rejected = new Map<string, RecipientRejection>();
    const toAsk: string[] = [];
    for (const email of emails) {
      const domain = domainOf(email);
      if (!domain) continue;
      if (isDisposableDomain(domain)) rejected.set(email, { code: "disposable_domain", message: `${domain} is a disposable-mail domain.` });
      else if (!allowRoleAddresses && isRoleAddress(email))
        rejected.set(email, { code: "role_address", message: `${email.slice(0, email.lastIndexOf("@"))}@ is a role address, not a person.` });
      else toAsk.push(domain);
    }
    const answers = await domains(toAsk);
    for (const email of emails) {
      const domain = domainOf(email);
      if (domain && !rejected.has(email) && answers.get(domain) === "no")
        rejected.set(email, { code: "no_mx", message: `${domain} has neither an MX nor an A/AAAA record: it cannot receive mail.` });
    }
    return rejected;
  }

  return { check, domains };
}
