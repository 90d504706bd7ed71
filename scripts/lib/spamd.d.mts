export const SPAMD_DEFAULT: { host: string; port: number };
export function spamdAddress(env?: Record<string, string | undefined>): { host: string; port: number };
export function ensureSpamd(env?: Record<string, string | undefined>, options?: { timeoutMs?: number }): Promise<boolean>;
export function spamdPid(env?: Record<string, string | undefined>): number | null;
