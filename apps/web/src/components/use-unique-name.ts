import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { zUniqueCheck } from '@gatehouse/contract';
import type { z } from 'zod';

type UniqueAnswer = z.output<typeof zUniqueCheck>;

/**
 * The live "is this name free?" check of a name field (user types rule 189, sections rule 219): asks the server
 * 400 ms after typing stops and answers the server's message when the name is taken. `unchanged` skips the
 * check (the record's own saved name).
 */
export function useUniqueName(scope: string, value: string, check: (name: string, signal: AbortSignal) => Promise<UniqueAnswer>, unchanged?: string) {
  const [name] = useDebouncedValue(value.trim(), 400);
  const q = useQuery({
    queryKey: ['unique-name', scope, name],
    enabled: !!name && name.toLowerCase() !== unchanged?.trim().toLowerCase(),
    staleTime: 5_000,
    retry: false,
    queryFn: ({ signal }) => check(name, signal),
  });
  const current = name === value.trim();
  return { taken: current && q.data?.data.unique === 0 ? q.data.message : undefined, checking: q.isFetching };
}
