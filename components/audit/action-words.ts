// An audit action in words, as the sentence "<actor> <words> <target>" reads. Actions not listed
// (a new one) read from their own name: "webhook.endpoint_created" → "webhook endpoint created".

const WORDS: Record<string, string> = {
  "run.created": "started the run",
  "run.canceled": "canceled the run",
  "run.renamed": "renamed the run",
  "sequence.stopped": "stopped the lead's sequence",
  "run.sequences_stopped": "stopped every sequence still going in the run",
  "draft.approved": "approved",
  "draft.rejected": "rejected",
  "draft.approval_undone": "undid the approval of",
  "draft.send_retried": "retried the send of",
  "send.resolved": "resolved the send in doubt",
  "reply.corrected": "corrected the classification of",
  "reply.handled": "marked handled:",
  "reply.unhandled": "marked not handled:",
  "campaign.created": "created the campaign",
  "campaign.updated": "changed the campaign",
  "campaign.approved": "approved the campaign",
  "campaign.rejected": "rejected the campaign",
  "pack.forked": "forked a pack into",
  "pack.pinned": "changed the pins of",
  "pack.updated": "changed the pack",
  "pack.approved": "approved the prompt set of",
  "prompt.forked": "forked a prompt:",
  "prompt.promoted": "made the workspace default:",
  "prompt.rolled_back": "rolled back the workspace default:",
  "suppression.added": "suppressed",
  "suppression.removed": "removed from the suppression list:",
  "member.added": "added the member",
  "member.role_changed": "changed the role of",
  "token.created": "created the API token",
  "token.revoked": "revoked the API token",
  "session.ended": "ended a session of",
  "session.signed_out_everywhere": "signed out everywhere:",
  "provider.updated": "saved the provider",
  "provider.deleted": "deleted the provider",
  "relay.updated": "saved the SMTP relay",
  "mailbox.updated": "saved the mailbox",
  "sender.created": "added the sender",
  "sender.updated": "changed the sender",
  "sender.sends_moved": "moved the leads of the sender",
  "draft.rewritten_for_sender": "wrote again for its new sender",
  "sender.deleted": "deleted the sender",
  "sender.dns_checked": "checked the DNS of the sender",
  "relay.dns_checked": "checked the DNS of the SMTP relay",
  "offer.updated": "changed the offer",
  "eval_set.created": "created the eval set",
  "eval_case.added": "added a case to",
  "eval_case.removed": "removed a case from",
  "evaluation.created": "started an evaluation of",
  "replay.created": "replayed a run through",
  "webhook.endpoint_created": "added the webhook endpoint",
  "webhook.endpoint_updated": "changed the webhook endpoint",
  "webhook.endpoint_deleted": "deleted the webhook endpoint",
  "webhook.endpoint_disabled": "disabled the webhook endpoint",
  "webhook.secret_revealed": "revealed the signing secret of",
  "webhook.secret_rotated": "rotated the signing secret of",
  "webhook.test_sent": "sent a test event to",
  "webhook.replayed": "replayed dead letters to",
};

export function actionWords(action: string): string {
  return WORDS[action] ?? action.replace(/[._]/g, " ");
}

/** A data key as a label: "stop_after" → "Stop after". */
export function keyLabel(key: string): string {
  const words = key.replace(/_id$/, "").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
