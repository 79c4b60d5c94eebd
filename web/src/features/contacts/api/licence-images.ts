import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/api-error';
import type { ImageSaved } from '../../../lib/api/types';
import { contactKeys } from './keys';

/** The licence images a customer may have, as the paths name them. */
export type LicenceImageKind = 'driver_license_front' | 'driver_license_back' | 'driver_license_avatar';

/** The image types the server accepts, and the largest image. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

/**
 * getLicenceImage fetches a customer's licence image (GET /crm/contacts/{id}/driver_license_*);
 * null when none was uploaded.
 */
export async function getLicenceImage(id: number, kind: LicenceImageKind): Promise<Blob | null> {
  try {
    return await api.blob(`/crm/contacts/${id}/${kind}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function licenceImageQueryOptions(id: number, kind: LicenceImageKind) {
  return queryOptions({
    queryKey: contactKeys.licenceImage(id, kind),
    queryFn: () => getLicenceImage(id, kind),
    meta: { silent: true },
  });
}

/** useLicenceImage reads one licence image of a customer. */
export function useLicenceImage(id: number, kind: LicenceImageKind, options: { enabled?: boolean } = {}) {
  return useQuery({ ...licenceImageQueryOptions(id, kind), enabled: options.enabled ?? true });
}

/** checkImageFile returns why a file may not be uploaded, or null when it may. */
export function checkImageFile(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG, GIF or WebP image.';
  if (file.size === 0) return 'The image is empty.';
  if (file.size > MAX_IMAGE_BYTES) return 'The image is larger than 4 MB.';
  return null;
}

function base64Of(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export type UploadLicenceImageParams = { contactId: number; kind: LicenceImageKind; file: File };

/** uploadLicenceImage replaces a licence image (PUT /crm/contacts/{id}/driver_license_*). */
export async function uploadLicenceImage({ contactId, kind, file }: UploadLicenceImageParams): Promise<ImageSaved> {
  const data = base64Of(await file.arrayBuffer());
  return api.put<ImageSaved>(`/crm/contacts/${contactId}/${kind}`, { contentType: file.type, data });
}

/** useUploadLicenceImage uploads an image and reloads it. */
export function useUploadLicenceImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLicenceImage,
    onSuccess: (_saved, { contactId, kind }) => {
      void queryClient.invalidateQueries({ queryKey: licenceImageQueryOptions(contactId, kind).queryKey });
    },
  });
}
