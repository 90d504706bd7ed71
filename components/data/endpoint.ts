import { queryOptions, type QueryKey } from "@tanstack/react-query";
import { webApi } from "@/components/data/web-api";

// One GET of /api/web declared once: the key it is cached under (from queryKeys), the path it is
// read from and, as the type parameter, what it answers. The result is React Query's queryOptions:
// useQuery and useQueries take it as it is (spread it to add polling), and its key carries the
// answer's type, so `queryClient.setQueryData(x.queryKey, value)` is checked against the answer.
// The per-domain declarations live in components/data/queries/<domain>.ts.

export function endpoint<T>(queryKey: QueryKey, path: string) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => webApi<T>(path, { signal }) });
}
