/** A comparison the question asks for that its plan does not apply: a condition or a screen filter, as written, and why. */
export interface LeftOut {
  readonly what: 'condition' | 'filter';
  readonly written: string;
  readonly why: string;
}
