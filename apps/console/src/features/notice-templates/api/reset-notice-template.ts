import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type NoticeKind, type NoticeLanguage, noticeTemplateItem } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';
import { replaceTemplate } from './replace-template';

/** DELETE /api/admin/notice-templates/{kind}/{language}: back to the built-in text; the answer replaces the cached row. */
export function useResetNoticeTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, language }: { kind: NoticeKind; language: NoticeLanguage }) => api.delete(`/api/admin/notice-templates/${kind}/${language}`, { schema: noticeTemplateItem }),
    onSuccess: (item) => replaceTemplate(queryClient, item),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.noticeTemplates }),
  });
}
