export function ensureServices(urls: { databaseUrl: string; redisUrl: string }): Promise<void>;
export function ensureDatabase(databaseUrl: string, options?: { reset?: boolean }): Promise<void>;
export function ensurePostgres(databaseUrl: string): Promise<void>;
export function ensureRedis(redisUrl: string): Promise<void>;
export function ensureDovecot(): Promise<string>;
