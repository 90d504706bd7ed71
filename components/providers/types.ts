// What app/api/web/providers/** answer with (the /v1 Provider shape).
export type Provider = {
  slug: string;
  kind: "local" | "openai-compatible" | "anthropic";
  base_url: string | null;
  default_model: string;
  max_concurrency: number;
  requests_per_minute: number;
  input_price_per_mtok_usd: number;
  output_price_per_mtok_usd: number;
  has_api_key: boolean;
  api_key_last4: string | null;
  created_at: string;
  updated_at: string;
};

// What POST /api/web/providers/{slug}/test answers (lib/providers/test-provider.ts).
export type ProviderTestResult = { slug: string; ok: boolean; model: string; latency_ms: number; answer: string | null; error: string | null };
