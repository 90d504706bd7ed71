import { config } from "@/lib/config";
import { recipientChecker, type DomainCache, type RecipientRejection } from "@/lib/dns/recipient-checks";
import { dnsClient } from "@/lib/dns/resolver";
import { redis } from "@/lib/redis";

// The recipient checks before draft_email (contract §13), as the stage jobs run them: one checker
// per worker process (it remembers domains asked in flight and a resolver that stopped answering),
// definite answers per domain kept a day in Redis for every process. RECIPIENT_CHECKS=false turns
// them off (the benchmark's switch); RECIPIENT_DNS_TIMEOUT_MS bounds a question (1 s), and a batch
// waits at most RECIPIENT_WAIT_MS (200 ms) for its domains' answers: later batches find them cached.

const DAY_SECONDS = 24 * 60 * 60;
const key = (domain: string) => `recipient-domain:${domain}`;

const redisCache: DomainCache = {
  async get(domains) {
    if (domains.length === 0) return new Map();
    const values = await redis().mget(domains.map(key));
    return new Map(domains.flatMap((domain, i) => (values[i] === null ? [] : [[domain, values[i] === "1"] as const])));
  },
  async set(entries) {
    const pipeline = redis().pipeline();
    for (const [domain, ok] of entries) pipeline.set(key(domain), ok ? "1" : "0", "EX", DAY_SECONDS);
    await pipeline.exec();
  },
};

const globalForChecker = globalThis as unknown as { leadpipeRecipientChecker?: ReturnType<typeof recipientChecker> };

function checker() {
  globalForChecker.leadpipeRecipientChecker ??= recipientChecker({
    client: dnsClient({ servers: config().DNS_SERVERS, timeoutMs: config().RECIPIENT_DNS_TIMEOUT_MS }),
    cache: redisCache,
    waitMs: config().RECIPIENT_WAIT_MS,
  });
  return globalForChecker.leadpipeRecipientChecker;
}

/** The rejection of each address that fails a check; empty when the checks are off. */
export async function screenRecipients(emails: string[], allowRoleAddresses: boolean): Promise<Map<string, RecipientRejection>> {
  if (!config().RECIPIENT_CHECKS || emails.length === 0) return new Map();
  return checker().check(emails, allowRoleAddresses);
}
