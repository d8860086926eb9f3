/** The run was cancelled (the client went away). */
export class RunAbortedError extends Error {
  constructor() {
    super('the run was cancelled');
    this.name = 'RunAbortedError';
  }
}

/**
 * The deterministic writer produced a number the packet does not hold, or advice wording.
 * A bug, never an expected outcome: it surfaces as an internal error.
 */
export class AnswerCheckError extends Error {
  readonly numbers: readonly string[];
  readonly adviceTerms: readonly string[];

  constructor(numbers: readonly string[], adviceTerms: readonly string[]) {
    super(
      `the answer writer wrote what the evidence packet does not hold: numbers [${numbers.join(', ')}], advice [${adviceTerms.join(', ')}]`,
    );
    this.name = 'AnswerCheckError';
    this.numbers = numbers;
    this.adviceTerms = adviceTerms;
  }
}

/** The model could not be asked, or did not answer with text. */
export class ModelWriterError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ModelWriterError';
  }
}
