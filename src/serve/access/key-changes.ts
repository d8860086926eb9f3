import { createInProcessSignal } from '#platform/process';

const changes = createInProcessSignal<string>();

/**
 * Tells every key authenticator of this process that a key changed (revokeKey calls it once
 * its statement has returned); other processes learn it from the KEYS_CHANNEL notification.
 */
export const announceKeyChange = (keyId: string): void => changes.announce(keyId);

/** Calls `listener` on every key change announced in this process; returns how to stop. */
export const onKeyChange = (listener: (keyId: string) => void): (() => void) => changes.on(listener);
