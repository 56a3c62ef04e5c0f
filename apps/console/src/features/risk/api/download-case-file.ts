import { downloadCsv } from '../../../shared/api/client';

/** GET /api/admin/risk/cases/{id}/attachments/{attachmentId}: a note's attachment, saved under its name. */
export const downloadAttachment = (caseId: string, attachment: { id: string; name: string }) => downloadCsv(`/api/admin/risk/cases/${caseId}/attachments/${attachment.id}`, attachment.name);

/** GET /api/admin/risk/cases/{id}/export.csv: the package for a suspicious transaction report. */
export const downloadCaseExport = (caseId: string) => downloadCsv(`/api/admin/risk/cases/${caseId}/export.csv`, `risk-case-${caseId}.csv`);
