import { api } from '../../../lib/api/client';
import type { LeadsLogFilter } from '../../../lib/api/types';

export type ExportProgress = { bytes: number; rows: number };

/**
 * exportLeadsLog downloads the Leads Log's CSV (POST /api/CrmLead/dashboard/export) as it
 * streams, reporting the bytes and rows received so far, and returns the file. A refused export
 * throws ApiError before any row.
 */
export async function exportLeadsLog(filter: LeadsLogFilter, onProgress: (p: ExportProgress) => void, signal?: AbortSignal): Promise<Blob> {
  const response = await api.stream('/api/CrmLead/dashboard/export', { method: 'POST', body: filter, signal });
  const type = response.headers.get('content-type') ?? 'text/csv';
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ bytes: blob.size, rows: Math.max(0, (await blob.text()).split('\n').filter(Boolean).length - 1) });
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines++;
    onProgress({ bytes, rows: Math.max(0, lines - 1) });
  }
  return new Blob(chunks as BlobPart[], { type });
}

/** saveFile offers blob to the user as a download named name. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
