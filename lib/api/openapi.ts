import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { operationErrors, type AnyOperation } from "@/lib/api/operation";
import { OPERATIONS } from "@/lib/api/operations";
import { ProblemSchema } from "@/lib/api/schemas";
import { eventWebhooks } from "@/lib/events/openapi-webhooks";
import { ERROR_CODES, type ErrorCode } from "@/lib/http/error-codes";

// The OpenAPI 3.1 document, built from the same zod schemas and operations the routes run.

const RATE_LIMIT_HEADERS = {
  "X-RateLimit-Limit": { description: "Requests per minute for this token", schema: { type: "integer" as const } },
  "X-RateLimit-Remaining": { description: "Whole requests left in the bucket", schema: { type: "integer" as const } },
  "X-RateLimit-Reset": { description: "Unix seconds when the bucket is full again", schema: { type: "integer" as const } },
  "X-Request-Id": { description: "This request's id (req_...)", schema: { type: "string" as const } },
};

function toOperationObject(operation: AnyOperation): ZodOpenApiOperationObject {
  // Each error status names the codes this operation can answer with it (lib/http/error-codes.ts).
  const errors = Object.fromEntries(
    [...operationErrors(operation)].map(([status, codes]) => [
      String(status),
      {
        description: codes.map((code) => `\`${code}\`: ${ERROR_CODES[code].description}.`).join(" "),
        content: {
          "application/problem+json": { schema: z.intersection(ProblemSchema, z.looseObject({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) })) },
        },
      },
    ]),
  );
  const successes = [operation.success, ...(operation.success.also ?? [])].map((answer) => [
    String(answer.status),
    {
      description: answer.description,
      headers: {
        ...RATE_LIMIT_HEADERS,
        ...(answer.status === 201 ? { Location: { description: "URL of the new resource", schema: { type: "string" as const } } } : {}),
      },
      ...(operation.success.schema ? { content: { "application/json": { schema: operation.success.schema } } } : {}),
    },
  ]);
  const parameters: ZodOpenApiOperationObject["requestParams"] = {};
  if (operation.params) parameters.path = operation.params as z.ZodObject;
  if (operation.query) parameters.query = operation.query as z.ZodObject;
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: operation.description,
    tags: [operation.tag],
    requestParams: parameters,
    ...(operation.method === "POST"
      ? {
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description: "Same key and body within 24 h returns the first answer",
              schema: { type: "string", maxLength: 255 },
            },
          ],
        }
      : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: !operation.bodyOptional,
            content: {
              "application/json": { schema: operation.body },
              ...(operation.multipartDoc ? { "multipart/form-data": { schema: operation.multipartDoc } } : {}),
            },
          },
        }
      : {}),
    responses: { ...Object.fromEntries(successes), ...errors },
  };
}

let cached: ReturnType<typeof createDocument> | undefined;

export function openApiDocument(serverUrl = "/v1") {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of OPERATIONS) {
    paths[operation.path] ??= {};
    (paths[operation.path] as Record<string, ZodOpenApiOperationObject>)[operation.method.toLowerCase()] = toOperationObject(operation);
  }
  cached = createDocument({
    openapi: "3.1.0",
    info: {
      title: "LeadPipe API",
      version: "1.0.0",
      description:
        "Lead lists through signals, qualification, drafts, review, sending and reply tracking. Every request needs `Authorization: Bearer <personal access token>`. Errors are RFC 9457 problem+json.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "A personal access token (lpat_...)" } } },
    paths,
    webhooks: eventWebhooks(),
  });
  return cached;
}
