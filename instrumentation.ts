// Runs once when the web server starts: a missing or bad environment value stops it here,
// with a message naming the variable, instead of failing on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { exitOnInvalidConfig } = await import("@/lib/config/exit-on-invalid");
    exitOnInvalidConfig();
    const { stampPeerAddress } = await import("@/lib/net/peer-address");
    stampPeerAddress(); // X-Forwarded-For always ends with the socket's address (lib/net/peer-address.ts)
    const { wireSendHooks } = await import("@/lib/wiring/send-hooks");
    wireSendHooks(); // the features' hooks on the send path (lib/sending/hooks.ts): retry and resolve send from here
  }
}
