// Types for worker-build.mjs (imported by the TypeScript benchmarks and the chaos run).
export const WORKER_BUNDLE: string;
export const CLI_BUNDLE: string;
export function buildWorker(): Promise<{ worker: string; cli: string }>;
