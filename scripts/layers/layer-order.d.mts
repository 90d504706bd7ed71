export const LAYERS: { name: string; folders: string[] }[];
export const SEND_ENTRY: string;
export const SEND_PATH: string;
