import type { PlannedAction } from './corporate-action-plan.ts';
import type { CorporateActionTruth } from './dataset-truth.ts';
import { hundredthsText } from '#platform/decimals';

/** BSE's purpose for a dividend: "Final Dividend - Rs. - 8.0000", four decimals as BSE writes them. */
const dividendPurpose = (label: string, paise: number) =>
  `${label} Dividend - Rs. - ${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}00`;

/**
 * An action as BSE's export words it, and what the purpose grammar must read from it:
 * "Final Dividend - Rs. - 8.0000" (8 rupees), "Bonus issue 1:1", and BSE's own
 * "Stock  Split From Rs.10/- to Rs.2/-" with its double space.
 */
export function corporateActionTruth(action: PlannedAction): CorporateActionTruth {
  const dates = { exDate: action.exDate, recordDate: action.recordDate };
  const none = { amountPerShare: null, ratio: null, faceValueFrom: null, faceValueTo: null };
  if (action.kind === 'dividend') {
    return {
      actionType: 'dividend',
      purpose: dividendPurpose(action.label, action.paise),
      ...dates,
      ...none,
      amountPerShare: hundredthsText(action.paise),
    };
  }
  if (action.kind === 'bonus') {
    const ratio = { new: String(action.ratio.new), existing: String(action.ratio.existing) };
    return { actionType: 'bonus_issue', purpose: `Bonus issue ${ratio.new}:${ratio.existing}`, ...dates, ...none, ratio };
  }
  return {
    actionType: 'stock_split',
    purpose: `Stock  Split From Rs.${action.from}/- to Rs.${action.to}/-`,
    ...dates,
    ...none,
    faceValueFrom: String(action.from),
    faceValueTo: String(action.to),
  };
}
