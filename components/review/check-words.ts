// Checks and risk in words (contract §13): the badges, the highlights and the checks list say them
// as text, so no state is told by colour alone. Pure, for the queue and the draft page.

import type { Check, CheckCode, Risk, Severity } from "@/lib/review-checks/types";

export const CHECK_WORDS: Record<CheckCode, string> = {
  unsupported_claim: "Unsupported claim",
  unresolved_variable: "Unresolved variable",
  spam_phrase: "Spam phrase",
  link: "Outside link",
  sender_mismatch: "Sign-off name",
  spam_score: "Spam score",
  too_long: "Too long",
  repeated_opening: "Repeated opening",
};

export const SEVERITY_WORDS: Record<Severity, string> = { block: "blocks approval", warn: "warning", info: "note" };

export const RISK_WORDS: Record<Risk, string> = { high: "High risk", medium: "Medium risk", low: "Low risk" };

export const RISK_TONES: Record<Risk, string> = {
  high: "bg-rose-50 text-rose-800 ring-rose-300",
  medium: "bg-amber-50 text-amber-900 ring-amber-300",
  low: "bg-emerald-50 text-emerald-800 ring-emerald-300",
};

export const SEVERITY_TONES: Record<Severity, string> = {
  block: "bg-rose-50 text-rose-800 ring-rose-300",
  warn: "bg-amber-50 text-amber-900 ring-amber-300",
  info: "bg-slate-50 text-slate-700 ring-slate-300",
};

const ORDER: Severity[] = ["block", "warn", "info"];

/** One badge per check code, most severe first, with how many times it occurs: "Spam phrase ×2". */
export function checkBadges(checks: Check[]): { code: CheckCode; severity: Severity; count: number; label: string }[] {
  const byCode = new Map<CheckCode, { code: CheckCode; severity: Severity; count: number }>();
  for (const check of checks) {
    const seen = byCode.get(check.code);
    if (seen) seen.count += 1;
    else byCode.set(check.code, { code: check.code, severity: check.severity, count: 1 });
  }
  return [...byCode.values()]
    .sort((a, b) => ORDER.indexOf(a.severity) - ORDER.indexOf(b.severity))
    .map((badge) => ({ ...badge, label: `${CHECK_WORDS[badge.code]}${badge.count > 1 ? ` ×${badge.count}` : ""}` }));
}

/** A check as one line: "Spam phrase (warning): …". */
export const checkSentence = (check: Check) => `${CHECK_WORDS[check.code]} (${SEVERITY_WORDS[check.severity]}): ${check.message}`;
