import type { ProcessFn } from "@/lib/jobs/consume";
import { runReplay } from "@/lib/replays/run-replay";

export const processReplay: ProcessFn<"replay"> = (payload) => runReplay(payload.replayId);
