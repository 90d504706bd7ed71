import type { z } from "zod";
import { createRun } from "@/lib/runs/create-run";
import { listRuns, RunsQuery } from "@/lib/runs/list-runs";
import { CreateRunBody, CreateRunUpload } from "@/lib/runs/run-schemas";
import { webRoute } from "@/lib/web/web-route";

type Body = CreateRunBody | CreateRunUpload;

export const GET = webRoute({ role: "viewer", query: RunsQuery, handler: ({ session, query }) => listRuns(session.workspace.id, query) });
// The launcher (/runs/new): the bodies of POST /v1/runs, JSON or multipart with the CSV as `file`.
export const POST = webRoute({
  role: "admin",
  body: CreateRunBody as z.ZodType<Body>,
  multipart: CreateRunUpload as z.ZodType<Body>,
  status: 201,
  handler: ({ session, body, actor }) => createRun(session.workspace.id, body, actor),
});
