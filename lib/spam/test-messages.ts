// Two drafts the spam tests and the benchmark score (lib/spam/spamd-client.test.ts,
// tests/integration/spam-score.test.ts, scripts/bench/spamd.ts): a plain, personal email, and one
// laden with what spam filters look for (ALL CAPS, "100% free", "act now", "click here", cash).

export const CLEAN_DRAFT = {
  subject: "Your on-call rotation at Contoso",
  body: [
    "Hi Grace,",
    "",
    "I read that Contoso moved its payments stack to Kubernetes last spring. Teams that make that move often see their on-call pages double for a quarter while alerts are tuned.",
    "",
    "We help engineering leaders route incidents to the right person and keep the noise down. Would a short call next week be useful to compare notes?",
    "",
    "Best,",
    "Ada",
  ].join("\n"),
};

export const SPAMMY_DRAFT = {
  subject: "ACT NOW!!! 100% FREE CASH BONUS",
  body: [
    "DEAR FRIEND,",
    "",
    "ACT NOW! This offer is 100% FREE and RISK FREE. CLICK HERE to claim your CASH prize of $1,000,000 USD!",
    "Make money fast, no credit check, limited time offer. Earn extra cash from home and double your income!",
    "Click here: http://cash-bonus.example/claim",
    "",
    "This is not spam. You are a winner! Call now! Order today!",
  ].join("\n"),
};
