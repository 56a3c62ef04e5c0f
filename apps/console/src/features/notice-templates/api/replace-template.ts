import type { QueryClient } from '@tanstack/react-query';
import type { NoticeTemplateItem, NoticeTemplatesResponse } from '@wallet/contract';
import { queryKeys } from '../../../shared/api/keys';

/** Puts the server's answer for one kind and language in the cached list, in its place. */
export function replaceTemplate(queryClient: QueryClient, item: NoticeTemplateItem): void {
  queryClient.setQueryData<NoticeTemplatesResponse>(queryKeys.noticeTemplates, (list) =>
    list ? { ...list, templates: list.templates.map((row) => (row.kind === item.kind && row.language === item.language ? item : row)) } : list,
  );
}
