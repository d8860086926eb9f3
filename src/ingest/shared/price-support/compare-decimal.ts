/**
 * Orders two exact decimal strings (`-12.5`, `0.05`, `1392.0`) without converting them to
 * floats: aggregated highs and lows must be the very text a bar stated.
 */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const negA = a.startsWith('-') && /[1-9]/.test(a);
  const negB = b.startsWith('-') && /[1-9]/.test(b);
  if (negA !== negB) return negA ? -1 : 1;
  const magnitude = compareMagnitude(a.replace(/^-/, ''), b.replace(/^-/, ''));
  return negA ? ((-magnitude || 0) as -1 | 0 | 1) : magnitude;
}

function compareMagnitude(a: string, b: string): -1 | 0 | 1 {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  const wholeA = aWhole.replace(/^0+/, '');
  const wholeB = bWhole.replace(/^0+/, '');
  if (wholeA.length !== wholeB.length) return wholeA.length < wholeB.length ? -1 : 1;
  const width = Math.max(aFraction.length, bFraction.length);
  const digitsA = wholeA + aFraction.padEnd(width, '0');
  const digitsB = wholeB + bFraction.padEnd(width, '0');
  return digitsA === digitsB ? 0 : digitsA < digitsB ? -1 : 1;
}
