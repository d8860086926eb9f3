/**
 * The deterministic writer produced a number the packet does not hold, or advice wording.
 * A bug, never an expected outcome: it surfaces as an internal error.
 */
export class AnswerCheckError extends Error {
  readonly numbers: readonly string[];
  readonly adviceTerms: readonly string[];

  constructor(numbers: readonly string[], adviceTerms: readonly string[]) {
    super(`the answer writer wrote what the evidence packet does not hold: numbers [${numbers.join(', ')}], advice [${adviceTerms.join(', ')}]`);
    this.name = 'AnswerCheckError';
    this.numbers = numbers;
    this.adviceTerms = adviceTerms;
  }
}
