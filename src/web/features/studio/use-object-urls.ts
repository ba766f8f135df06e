import { useEffect, useMemo } from 'react';

/** Browser-local URLs to preview chosen files, released when the files change or the view goes away. */
export function useObjectUrls(files: File[]): string[] {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}
