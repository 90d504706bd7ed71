type Cruised = { source: string; coreModule?: boolean; dependencies: { resolved: string }[] }[];
type Layers = { name: string; folders: string[] }[];
export function folderEdges(modules: Cruised): Map<string, string[]>;
export function folderPairs(modules: Cruised): Map<string, string[]>;
export function cycleImports(modules: Cruised): Map<string, { cycle: string[]; imports: string[] }>;
export function layerProblems(modules: Cruised, layers?: Layers): string[];
export function sendPathReach(modules: Cruised, options?: { entry?: string; sendPath?: string; layers?: Layers }): { reached: string[]; problems: string[] };
export function checkLayers(options?: {
  cwd?: string;
  config?: string;
  roots?: string[];
  layers?: Layers;
  sendEntry?: string;
}): Promise<{ problems: string[]; pairs: string[]; cycleImports: string[]; sendPath: string[] }>;
