import { problemResponse } from "@/lib/http/problem";
import { NotFound } from "@/lib/errors";
import { newId } from "@/lib/ids";

// Any other path under /v1 is a problem+json 404, whatever the method.
function notFound() {
  return problemResponse(new NotFound("endpoint"), newId("req"));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
