// What a call cost, in millionths of a US dollar: each token count times the provider's price per
// million tokens (kept in millionths of a dollar), so tokens × price / 1,000,000, rounded.

export type Prices = { inputPriceMicros: number; outputPriceMicros: number };

export function costMicros(prices: Prices, inputTokens: number, outputTokens: number): number {
  return Math.round((inputTokens * prices.inputPriceMicros + outputTokens * prices.outputPriceMicros) / 1_000_000);
}
