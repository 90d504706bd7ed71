export function folderPairs(modules: { source: string; dependencies: { resolved: string }[] }[]): Map<string, string[]>;
export function checkLayers(options?: { cwd?: string; config?: string; roots?: string[] }): Promise<{ problems: string[]; pairs: string[] }>;
