import { createHmac, randomBytes } from "node:crypto";

// Signatures as Stripe makes them, so standard verifiers work (contract §7):
// X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(key = the secret string, "<t>.<raw body>")>
// with one v1= per valid secret while a rotated-out secret is still honoured.

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export function signPayload(secret: string, timestamp: number, rawBody: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.${rawBody}`, "utf8").digest("hex");
}

export function signatureHeader(secrets: string[], timestamp: number, rawBody: string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signPayload(secret, timestamp, rawBody)}`)].join(",");
}
