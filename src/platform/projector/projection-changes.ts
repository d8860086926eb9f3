import { createInProcessSignal } from '#platform/process';

/**
 * The channel a projection's checkpoint move is notified on (payload: the projection's name).
 * The notification is sent by the statement that moves the checkpoint, so it is delivered on
 * commit, to every process listening on the server, and never for a batch rolled back.
 */
export const PROJECTIONS_CHANNEL = 'projections';

const changes = createInProcessSignal<string>();

/**
 * Tells this process that a projection's tables changed (the projector calls it once the
 * batch's transaction has committed); other processes learn it from PROJECTIONS_CHANNEL.
 */
export const announceProjectionChange = (projection: string): void => changes.announce(projection);

/** Calls `listener` on every projection change announced in this process; returns how to stop. */
export const onProjectionChange = (listener: (projection: string) => void): (() => void) => changes.on(listener);
