import { AppError } from './app-error.ts';

/** One thing wrong with a screen request, shaped like SPEC.md's ValidationError (loc relative to the request). */
export interface ScreenIssue {
  readonly loc: ReadonlyArray<string | number>;
  readonly msg: string;
  readonly type: string;
  readonly input: unknown;
  readonly ctx?: Readonly<Record<string, unknown>>;
}

/** A screen request that cannot run; the HTTP layer answers 422 with `issues` as the detail. */
export class ScreenRequestError extends AppError {
  readonly issues: readonly ScreenIssue[];

  constructor(issues: readonly ScreenIssue[], code = 'ERR_SCREEN_INVALID') {
    super(code, 422, `invalid screen: ${issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; ')}`);
    this.issues = issues;
  }
}

/** A filter or the sort names a metric that is not screenable; `validIds` lists those that are. */
export class UnknownScreenMetricError extends ScreenRequestError {
  readonly validIds: readonly string[];

  constructor(issues: readonly ScreenIssue[], validIds: readonly string[]) {
    super(issues, 'ERR_UNKNOWN_SCREEN_METRIC');
    this.validIds = validIds;
  }
}
