/**
 * A download button's state: while the call runs the button shows a loader and stays disabled;
 * the file is saved with its name; a failure opens the backend error box.
 */
import { useCallback, useRef, useState } from 'react';
import type { BlobAnswer } from '../api/client';
import { showBackendError } from './backend-error-box';
import { withOverlays } from './overlay-host';
import { saveFile } from './save-file';

/** `failureToast`: a failure shows this red toast instead of the error box (e.g. "Impossibile scaricare il file."). */
export function useDownload(failureToast?: string): {
  running: boolean;
  run: (call: () => Promise<BlobAnswer>) => Promise<void>;
} {
  const [running, setRunning] = useState(false);
  const busy = useRef(false);
  const run = useCallback(
    async (call: () => Promise<BlobAnswer>) => {
      if (busy.current) return;
      busy.current = true;
      setRunning(true);
      try {
        saveFile(await call());
      } catch (error) {
        if (failureToast === undefined) void showBackendError(error);
        else {
          const { notifications } = await withOverlays();
          notifications.show({ color: 'red', message: failureToast, withCloseButton: true });
        }
      } finally {
        busy.current = false;
        setRunning(false);
      }
    },
    [failureToast],
  );
  return { running, run };
}
