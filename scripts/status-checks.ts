// Prints the SQL that (re)creates every status column's CHECK constraint from lib/statuses.ts.
// `npm run db:new-migration -- <name> --statuses` appends it to the new migration.
import { statusCheckSql } from "@/lib/statuses";
console.log(`-- Status columns: the allowed values of lib/statuses.ts\n${statusCheckSql()}`);
