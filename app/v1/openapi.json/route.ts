import { openApiDocument } from "@/lib/api/openapi";

// Public: the OpenAPI 3.1 document of /v1.
export function GET() {
  return Response.json(openApiDocument());
}
