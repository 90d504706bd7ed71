type Cruised = { source: string; dependencies: { resolved: string }[] }[];
export function folderEdges(modules: Cruised): Map<string, string[]>;
export function folderPairs(modules: Cruised): Map<string, string[]>;
export function cycleImports(modules: Cruised): Map<string, { cycle: string[]; imports: string[] }>;
export function checkLayers(options?: {
  cwd?: string;
  config?: string;
  roots?: string[];
}): Promise<{ problems: string[]; pairs: string[]; cycleImports: string[] }>;
