// Every React Query key of the web app, one factory per domain. Keys are arrays that start with the
// domain, so `invalidateQueries({ queryKey: queryKeys.runs.all })` refreshes everything about runs.
// A key names one shape of data: a paged list and a single page of the same resource get different
// keys (mixing `useQuery` and `useInfiniteQuery` on one key breaks both).

type Filters = Record<string, string | undefined>;

export const queryKeys = {
  runs: {
    all: ["runs"] as const,
    list: (filters: Filters) => ["runs", "list", filters] as const,
    options: () => ["runs", "options"] as const,
    detail: (id: string) => ["runs", "detail", id] as const,
    leads: (id: string, filters?: Filters) => (filters ? (["runs", "leads", id, filters] as const) : (["runs", "leads", id] as const)),
    trace: (runId: string, leadId: string) => ["runs", "trace", runId, leadId] as const,
    errors: (id: string, count: number) => ["runs", "errors", id, count] as const,
    inDoubt: (id: string) => ["runs", "in-doubt", id] as const,
    replies: (id: string, filters?: Filters) => (filters ? (["runs", "replies", id, filters] as const) : (["runs", "replies", id] as const)),
  },
  review: {
    all: ["review"] as const,
    queue: (filters: Filters) => ["review", "queue", filters] as const,
    counts: (filters: Filters) => ["review", "counts", filters] as const,
    draft: (id: string) => ["review", "draft", id] as const,
    check: (id: string, text: string) => ["review", "check", id, text] as const,
    lowRisk: (runId: string) => ["review", "low-risk", runId] as const,
  },
  campaigns: {
    all: ["campaigns"] as const,
    list: () => ["campaigns", "list"] as const,
    options: () => ["campaigns", "options"] as const,
    detail: (id: string) => ["campaigns", "detail", id] as const,
    forecast: (id: string) => ["campaigns", "forecast", id] as const,
  },
  experiments: {
    all: ["experiments"] as const,
    campaign: (campaignId: string) => ["experiments", "campaign", campaignId] as const,
    prompt: (name: string) => ["experiments", "prompt", name] as const,
    detail: (id: string) => ["experiments", "detail", id] as const,
  },
  packs: {
    all: ["packs"] as const,
    list: () => ["packs", "list"] as const,
    options: () => ["packs", "options"] as const,
    detail: (slug: string) => ["packs", "detail", slug] as const,
    forecast: (slug: string, header: string[], rows: string[][]) => ["packs", "forecast", slug, header, rows] as const,
  },
  prompts: {
    all: ["prompts"] as const,
    list: () => ["prompts", "list"] as const,
    detail: (name: string) => ["prompts", "detail", name] as const,
    version: (name: string, version: string) => ["prompts", "version", name, version] as const,
    pinOptions: () => ["prompts", "pin-options"] as const,
    /** Under pinOptions(), so what refreshes the pickers refreshes the step editor's too. */
    followUpOptions: () => ["prompts", "pin-options", "follow_up"] as const,
  },
  evals: {
    all: ["evals"] as const,
    sets: () => ["evals", "sets"] as const,
    set: (id: string) => ["evals", "set", id] as const,
    comparison: (name: string, version: string) => ["evals", "comparison", name, version] as const,
    outcomes: (name: string, version: string) => ["evals", "outcomes", name, version] as const,
    promptOutcomes: (name: string) => ["evals", "prompt-outcomes", name] as const,
    latestReplay: (name: string, version: string) => ["evals", "latest-replay", name, version] as const,
  },
  audit: {
    all: ["audit"] as const,
    list: (filters: Filters) => ["audit", "list", filters] as const,
    facets: () => ["audit", "facets"] as const,
  },
  webhooks: {
    all: ["webhooks"] as const,
    endpoints: () => ["webhooks", "endpoints"] as const,
    endpointOptions: () => ["webhooks", "endpoint-options"] as const,
    deliveries: (endpointId: string) => ["webhooks", "deliveries", endpointId] as const,
    deadLetters: (filters: Filters) => ["webhooks", "dead-letters", filters] as const,
  },
  members: { all: ["members"] as const, list: () => ["members", "list"] as const },
  tokens: { all: ["tokens"] as const, list: () => ["tokens", "list"] as const },
  providers: { all: ["providers"] as const, list: () => ["providers", "list"] as const },
  senders: { all: ["senders"] as const, list: () => ["senders", "list"] as const },
  relay: { all: ["relay"] as const, detail: () => ["relay", "detail"] as const, readiness: () => ["relay", "readiness"] as const },
  mailbox: { all: ["mailbox"] as const, detail: () => ["mailbox", "detail"] as const, unmatched: () => ["mailbox", "unmatched"] as const },
  inbox: {
    all: ["inbox"] as const,
    list: (filters: Filters) => ["inbox", "list", filters] as const,
    count: () => ["inbox", "count"] as const,
    thread: (replyId: string) => ["inbox", "thread", replyId] as const,
  },
  offer: { all: ["offer"] as const, detail: () => ["offer", "detail"] as const },
  sessions: { all: ["sessions"] as const, list: () => ["sessions", "list"] as const },
  suppressions: { all: ["suppressions"] as const, list: (search: string) => ["suppressions", "list", search] as const },
  home: { all: ["home"] as const, overview: () => ["home", "overview"] as const },
} as const;
