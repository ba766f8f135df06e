import { toast } from 'react-toastify';
import { STUDIO_TOASTS, type StudioProduct } from '../../../domain/schemas/studio';
import { messageOf } from './studio-errors';
import { useUploadImage } from './studio-api';

/**
 * Uploads pictures to a product one request per file, so each gets its own success or error message;
 * `onEach` hears about every file as it finishes, whatever the outcome. Answers the product as the last
 * successful upload left it, or null when none succeeded.
 */
export function useUploadImages() {
  const upload = useUploadImage();
  return async function uploadAll(productId: string, files: readonly File[], onEach?: (file: File) => void): Promise<StudioProduct | null> {
    let saved: StudioProduct | null = null;
    for (const file of files) {
      try {
        saved = await upload.mutateAsync({ id: productId, file });
        toast.success(STUDIO_TOASTS.imageUploaded(file.name));
      } catch (error) {
        toast.error(messageOf(error));
      }
      onEach?.(file);
    }
    return saved;
  };
}
