import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CurrencyCode, dailyFiguresResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export interface FiguresRange {
  from: string;
  to: string;
  currency: CurrencyCode;
}

/** GET /api/admin/books/daily: the daily figures of up to 31 gaming days in one currency. */
export const useDailyFigures = (range: FiguresRange, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.books.daily(range),
    queryFn: () => api.get(`/api/admin/books/daily?${new URLSearchParams({ ...range })}`, { schema: dailyFiguresResponse }),
    placeholderData: keepPreviousData,
    enabled,
  });
