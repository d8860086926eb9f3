import { AppError } from './app-error.ts';

/** An append's expected stream version did not match the stream. */
export class ConcurrencyError extends AppError {
  readonly streamId: string;
  readonly expected: string;
  readonly actual: number;

  constructor(streamId: string, expected: number | string, actual: number) {
    super('ERR_VERSION_CONFLICT', 409, `stream ${streamId} is at version ${actual}, but the append expected ${expected}`);
    this.streamId = streamId;
    this.expected = String(expected);
    this.actual = actual;
  }
}

/** An event id is already used by an event in another stream. */
export class EventIdConflictError extends AppError {
  constructor(eventId: string, streamId: string, existingStreamId: string) {
    super('ERR_EVENT_ID_CONFLICT', 409, `event ${eventId} cannot be appended to ${streamId}: it already exists in ${existingStreamId}`);
  }
}

/** An event payload does not match its schema, or its type is unknown. */
export class EventValidationError extends AppError {
  readonly issues: readonly string[];

  constructor(eventType: string, issues: readonly string[]) {
    super('ERR_EVENT_INVALID', 422, `invalid ${eventType} event: ${issues.join('; ')}`);
    this.issues = issues;
  }
}

/** Another projector moved this projection's checkpoint; the batch was not applied. */
export class CheckpointMovedError extends AppError {
  constructor(projection: string) {
    super('ERR_CHECKPOINT_MOVED', 409, `the checkpoint of projection ${projection} was moved by another runner`);
  }
}

/** The data folder is held by another running process (not an AppError: it stops a process from starting). */
export class DataDirBusyError extends Error {
  readonly ownerPid: number;

  constructor(dir: string, ownerPid: number, options?: ErrorOptions) {
    super(
      `the database in ${dir} is in use by process ${ownerPid}; stop it first, or set DATABASE_URL to share a PostgreSQL server`,
      options,
    );
    this.name = 'DataDirBusyError';
    this.ownerPid = ownerPid;
  }
}
