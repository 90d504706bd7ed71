// Prompt version labels: "v<major>.<minor>.<patch>" with an optional fork suffix "-<label>".

const LABEL = /^v(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})(?:-([a-z0-9][a-z0-9.-]*))?$/;
export const FORK_SUFFIX = /^[a-z0-9][a-z0-9.-]*$/;

export type VersionLabel = { major: number; minor: number; patch: number; label: string | null };

export function parseVersionLabel(version: string): VersionLabel | null {
  const match = LABEL.exec(version);
  if (!match || version.length > 100) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), label: match[4] ?? null };
}

/** Newest first: higher semver first; within one semver, the plain release before its forks. */
export function compareVersionsDesc(a: VersionLabel, b: VersionLabel): number {
  return b.major - a.major || b.minor - a.minor || b.patch - a.patch || (a.label ?? "").localeCompare(b.label ?? "");
}
