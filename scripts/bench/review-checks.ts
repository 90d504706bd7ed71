// `npm run bench:review-checks`: what evidence and checks add to a draft on the local engine.
// Writes BENCH_DRAFTS (1,000) drafts with the production draft_email (notes, signals, an offer with
// proof points), then reviews each (lib/review-checks: sentences and claims through wink-nlp, spam
// phrases, links, sign-off, length, opening); prints the median over BENCH_ROUNDS (5) of ms per
// draft for writing alone and for the review. Target: review < 20 ms a draft. In process, no database.
// BENCH_BATCH=1: each draft reviewed alone (as an edit is), without the batch's spam-scorer call.
import { draftEmail } from "@/lib/engine/local/draft";
import { mergeOffers } from "@/lib/offer/offer";
import { offerVariables } from "@/lib/offer/offer-variables";
import { primeReviews, reviewDraft } from "@/lib/review-checks";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";

const N = Number(process.env.BENCH_DRAFTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const version = SEED_PROMPTS.draft_email.at(-1)!;
const offer = mergeOffers({
  product: "Acme Ledger",
  audience: "finance teams at mid-size software companies",
  value_propositions: ["Acme Ledger closes the books two days faster"],
  proof_points: ["Northwind cut its month-end close from 9 days to 4 with Acme Ledger"],
  call_to_action: "Would a 15-minute call next week be useful?",
  sender_name: "Maya Chen",
  sender_title: "Head of Partnerships",
  website: "https://acme-ledger.example",
});
const NOTES = ["Posted about month-end close delays", "Raised a $12M Series A in March 2026", "Hiring 3 accountants in Austin", "Met at SaaStr 2026", ""];
// Each round writes to other leads (names and companies differ), so no round finds the lines of an
// earlier one in the review's caches; the lines every draft shares (call to action, sign-off) it does.
const leadsOf = (round: number) =>
  Array.from({ length: N }, (_, i) => ({
    email: `lead${i}@firm${i}.example`,
    first_name: `Ana${round}x${i}`,
    company: `Firm ${round}x${i}`,
    title: "VP Finance",
    industry: "Software",
    employees: 50 + i,
    notes: NOTES[i % NOTES.length],
  }));
const signals = { intent: ["hiring"] };
const variables = offerVariables(offer, "Maya Chen");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const write = (leads: ReturnType<typeof leadsOf>) =>
  leads.map((lead) => draftEmail({ lead, signals, userTemplate: version.userTemplate, system: version.system, variables, offer }));
// As the pipeline reviews a batch (lib/pipeline/review-drafts.ts): the new lines of BATCH drafts read by the spam scorer at once.
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const warm = leadsOf(-1);
reviewDraft({ ...write(warm)[0], sources: { lead: warm[0], signals, offer, senderName: "Maya Chen" } }); // warm up (the model loads on first use)
const writing: number[] = [];
const reviewing: number[] = [];
let flagged = 0;
for (let round = 0; round < ROUNDS; round++) {
  const leads = leadsOf(round);
  let t = performance.now();
  const drafts = write(leads);
  writing.push((performance.now() - t) / N);
  t = performance.now();
  flagged = 0;
  for (const [i, d] of drafts.entries()) {
    if (i % BATCH === 0) primeReviews(drafts.slice(i, i + BATCH).flatMap((x) => [x.subject, x.body]));
    const review = reviewDraft({ ...d, sources: { lead: leads[i], signals, offer, senderName: "Maya Chen" } });
    if (review.risk !== "low") flagged++;
  }
  reviewing.push((performance.now() - t) / N);
}
console.log(`draft_email ${version.version} on the local engine, ${N} drafts × ${ROUNDS} rounds (median):`);
console.log(`  writing:             ${median(writing).toFixed(3)} ms/draft`);
console.log(`  evidence + checks:   ${median(reviewing).toFixed(3)} ms/draft (target < 20 ms)`);
console.log(`  drafts not low risk: ${flagged} of ${N}`);
