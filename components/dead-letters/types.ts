import type { z } from "zod";
import type { DeadLetterSchema } from "@/lib/webhooks/dead-letters";
import type { presentEndpoint } from "@/lib/webhooks/endpoints";

// Wire types only (erased at build): the shapes app/api/web/** answers with.
export type DeadLetter = z.infer<typeof DeadLetterSchema>;
export type Endpoint = ReturnType<typeof presentEndpoint>;
export type DeadLetterFilters = { endpointId: string; since: string };
