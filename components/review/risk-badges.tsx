import { checkBadges, RISK_TONES, RISK_WORDS, SEVERITY_TONES, SEVERITY_WORDS } from "@/components/review/check-words";
import { spamScoreWords, spamTone, type SpamScoreView } from "@/components/review/spam-words";
import type { Check, Risk } from "@/lib/review-checks/types";

const pill = "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset";

/** The draft's risk in words ("High risk"), the colour only helping. */
export function RiskBadge({ risk }: { risk: Risk }) {
  return (
    <span className={`${pill} ${RISK_TONES[risk]}`} data-testid="risk-badge">
      {RISK_WORDS[risk]}
    </span>
  );
}

/** The risk, then one badge per check code ("Spam phrase ×2"), each saying its severity to assistive technology and in its title. */
export function RiskBadges({ risk, checks, spam }: { risk: Risk; checks: Check[]; spam?: SpamScoreView }) {
  const badges = checkBadges(checks);
  return (
    // A group, not a list: a queue row is a list item, and badges nested as items would count as rows.
    <div role="group" className="flex flex-wrap items-center gap-1.5" aria-label="Risk and checks">
      <RiskBadge risk={risk} />
      {badges.map((badge) => (
        <span key={badge.code} className={`${pill} ${SEVERITY_TONES[badge.severity]}`} title={SEVERITY_WORDS[badge.severity]} data-testid="check-badge">
          {badge.severity === "block" ? <span className="font-semibold">Blocks: </span> : null}
          {badge.label}
          <span className="sr-only">, {SEVERITY_WORDS[badge.severity]}</span>
        </span>
      ))}
      {spam ? <SpamScoreBadge spam={spam} rules={1} /> : null}
    </div>
  );
}

/** The draft's SpamAssassin score in words: pending, the score with its top rules, or unavailable. */
export function SpamScoreBadge({ spam, rules = 2, edited = false }: { spam: SpamScoreView; rules?: number; edited?: boolean }) {
  return (
    <span className={`${pill} ${SEVERITY_TONES[spamTone(spam, edited)]} whitespace-normal`} data-testid="spam-score">
      {spamScoreWords(spam, { rules, edited })}
    </span>
  );
}
