import { chatUploadResponse } from '@wallet/contract';
import { uploadForm } from '../../../shared/api/client';

/** POST /api/admin/chat/conversations/{id}/upload-image (multipart `file`): answers the path to send. */
export function uploadImage(conversationId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return uploadForm(`/api/admin/chat/conversations/${conversationId}/upload-image`, form, chatUploadResponse);
}
