import { useEffect, useState } from 'react';
import { mediaObjectUrl } from '../../../data/media';

/** A stored file as an object URL while the component shows it (revoked after). */
export function useMediaUrl(path: string | undefined): {
  url: string | null;
  error: string | null;
} {
  const [state, setState] = useState<{ url: string | null; error: string | null }>({
    url: null,
    error: null,
  });
  useEffect(() => {
    if (!path) return;
    let alive = true;
    let made: string | null = null;
    setState({ url: null, error: null });
    mediaObjectUrl(path).then(
      (url) => {
        made = url;
        if (alive) setState({ url, error: null });
        else URL.revokeObjectURL(url);
      },
      (error: unknown) => {
        if (alive)
          setState({ url: null, error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return state;
}
