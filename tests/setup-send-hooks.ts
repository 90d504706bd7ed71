// Vitest setup of the integration and api projects: these tests call the send path in-process, so the
// features' send hooks are wired as in the worker and the web app (lib/wiring/send-hooks.ts).
import { wireSendHooks } from "@/lib/wiring/send-hooks";

wireSendHooks();
