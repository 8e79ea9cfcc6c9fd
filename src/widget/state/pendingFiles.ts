import { signal, type ReadonlySignal } from '@preact/signals-react';

/**
 * The files the visitor picked, pasted or dropped, waiting to go with their next send
 * (docs/behaviour.md#sending-messages), in the order they came. A lazy chunk's model, with the
 * list that shows them (`views/PendingAttachments.tsx`): most conversations never attach a file.
 */
export function createPendingFiles() {
  const files = signal<readonly File[]>([]);
  return {
    files: files as ReadonlySignal<readonly File[]>,
    add(more: readonly File[]) {
      if (more.length) files.value = [...files.value, ...more];
    },
    remove(file: File) {
      files.value = files.value.filter((other) => other !== file);
    },
    /** The files to send now; none wait any more. */
    take(): readonly File[] {
      const taken = files.value;
      files.value = [];
      return taken;
    },
  };
}
