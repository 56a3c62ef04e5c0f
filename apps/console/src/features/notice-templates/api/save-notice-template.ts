import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type NoticeKind, type NoticeLanguage, type NoticeTemplateBody, noticeTemplateItem } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';
import { replaceTemplate } from './replace-template';

/** PUT /api/admin/notice-templates/{kind}/{language}: the operator's title and body; the answer replaces the cached row. */
export function useSaveNoticeTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, language, template }: { kind: NoticeKind; language: NoticeLanguage; template: NoticeTemplateBody }) =>
      api.put(`/api/admin/notice-templates/${kind}/${language}`, template, { schema: noticeTemplateItem }),
    onSuccess: (item) => replaceTemplate(queryClient, item),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.noticeTemplates }),
  });
}
