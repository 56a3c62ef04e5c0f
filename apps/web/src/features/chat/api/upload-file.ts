import { uploadFile } from '../../../shared/api/upload';
import { type ChatIdentity, guestHeaders } from '../identity';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/chat/upload-image | upload-video (multipart `file`), with progress 0–1. */
export const uploadChatFile = (identity: ChatIdentity, kind: 'image' | 'video', file: File, onProgress: (fraction: number) => void) =>
  uploadFile(`/api/chat/upload-${kind}`, file, { schema: schemaOf('chatUploadResponse'), headers: guestHeaders(identity), onProgress });
