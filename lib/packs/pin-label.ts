// A pin option as the pickers show it (components/packs/pin-select.tsx): pure, so components import it.
// lib/packs/pin-options.ts builds the options.

/** A live approval of a prompt set that holds this version: where a reviewer approved it. */
export type PinApproval = {
  scope: "campaign" | "pack";
  /** The campaign's name, or the pack's name. */
  name: string;
  /** The page to read it on: `/campaigns/{id}` or `/packs/{slug}`. */
  href: string;
  /** The set took this version from run pins approved on top of the pack's. */
  runPins: boolean;
};

export type PinOption = {
  name: string;
  version: string;
  fork: boolean;
  /** The system's production version of the stage's prompt. */
  production: boolean;
  /** The workspace's default version (promoted; runs use it unless a pack, campaign or run pins another). */
  default: boolean;
  /** For a fork: the live approvals of sets holding it (empty: no reviewer approved it anywhere). */
  approvals: PinApproval[];
  pin: string;
};

/** A fork's approval state in words: "approved for campaign Q4, pack Dental (with run pins)" or "not approved". */
export function approvalText(option: Pick<PinOption, "fork" | "approvals">): string | null {
  if (!option.fork) return null;
  if (option.approvals.length === 0) return "not approved";
  const where = option.approvals.map((approval) => `${approval.scope} ${approval.name}${approval.runPins ? " (with run pins)" : ""}`);
  return `approved for ${where.join(", ")}`;
}

/** An option's text in a picker: "draft_email@demo v1.3.0-dental · not approved", "draft_email v1.3.0 · production". */
export function optionLabel(option: PinOption): string {
  const tags = [option.production ? "production" : null, option.default ? "workspace default" : null, approvalText(option)].filter(Boolean);
  return [`${option.name} ${option.version}`, ...tags].join(" · ");
}
