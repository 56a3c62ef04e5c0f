import { useMutation, useQueryClient } from '@tanstack/react-query';
import { riskCaseResponse } from '@wallet/contract';
import { api, uploadForm } from '../../../shared/api/client';
import { showChangedCase } from './get-case';

export interface CaseNote {
  body: string;
  /** A picture or a PDF, sent as the note's attachment (the body then optional). */
  file?: File | undefined;
}

/**
 * POST /api/admin/risk/cases/{id}/notes, or with a file POST …/attachments (multipart: `file`, and
 * `body` when typed; 400 CHAT_FILE_UNSUPPORTED or CHAT_FILE_TOO_LARGE past 5 MB).
 */
export function useAddCaseNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, file }: CaseNote) => {
      if (!file) return api.post(`/api/admin/risk/cases/${id}/notes`, { body }, { schema: riskCaseResponse }).then((answer) => answer.case);
      const form = new FormData();
      if (body.trim()) form.append('body', body);
      form.append('file', file);
      return uploadForm(`/api/admin/risk/cases/${id}/attachments`, form, riskCaseResponse).then((answer) => answer.case);
    },
    onSuccess: (changed) => showChangedCase(queryClient, changed),
  });
}
