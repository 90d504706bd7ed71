import type { DraftFrom } from "@/lib/senders/draft-from";

// "From <name> <email>" for a draft or a mail we sent (contract §13): the sender it goes (or went)
// out From, so a reviewer sees who signs before approving.

export function fromWords(from: DraftFrom | null | undefined): string | null {
  if (!from) return null;
  if (!from.email) return from.sender_id ? "a sender that was deleted" : "the workspace’s relay (not set up yet)";
  return from.name ? `${from.name} <${from.email}>` : from.email;
}

export function FromLine({ from, className, testId = "draft-from" }: { from: DraftFrom | null | undefined; className?: string; testId?: string }) {
  const words = fromWords(from);
  if (!words) return null;
  return (
    <p className={className} data-testid={testId}>
      From <span className="break-all font-medium text-slate-800">{words}</span>
    </p>
  );
}
