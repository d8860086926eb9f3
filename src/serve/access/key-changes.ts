import { EventEmitter } from 'node:events';

const changes = new EventEmitter();
changes.setMaxListeners(0);

/**
 * Tells every key authenticator of this process that a key changed (revokeKey calls it once
 * its statement has returned); other processes learn it from the KEYS_CHANNEL notification.
 */
export const announceKeyChange = (keyId: string): void => void changes.emit('change', keyId);

/** Calls `listener` on every key change announced in this process; returns how to stop. */
export function onKeyChange(listener: (keyId: string) => void): () => void {
  changes.on('change', listener);
  return () => void changes.off('change', listener);
}
