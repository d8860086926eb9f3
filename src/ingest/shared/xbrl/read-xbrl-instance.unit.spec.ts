import { describe, expect, it } from 'vitest';
import { readXbrlInstance } from './read-xbrl-instance.ts';

const INSTANCE = `<?xml version="1.0" encoding="UTF-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:in-bse-fin="http://www.bseindia.com/xbrl/fin/2020-03-31/in-bse-fin">
<link:schemaRef xlink:type="simple" xlink:href="Ind-AS_entry_point_2020-03-31.xsd"/>
<xbrli:context id="OneD"><xbrli:entity><xbrli:identifier scheme="http://www.nseindia.com/NSESymbol">ACC</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>2024-10-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:context id="Seg01D"><xbrli:entity><xbrli:identifier scheme="http://www.nseindia.com/NSESymbol">ACC</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>2024-10-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period><xbrli:scenario><xbrldi:explicitMember dimension="in-bse-fin:ReportableSegmentsAxis">in-bse-fin:Segment01Member</xbrldi:explicitMember></xbrli:scenario></xbrli:context>
<xbrli:context id="Holder1I"><xbrli:entity><xbrli:identifier scheme="http://www.bseindia.com">500410</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:instant>2024-12-31</xbrli:instant></xbrli:period><xbrli:scenario><xbrldi:typedMember dimension="in-bse-fin:DetailsOfHoldersAxis"><in-bse-fin:HolderDomain>7</in-bse-fin:HolderDomain></xbrldi:typedMember></xbrli:scenario></xbrli:context>
<xbrli:unit id="INR"><xbrli:measure>iso4217:INR</xbrli:measure></xbrli:unit>
<xbrli:unit id="INRPerShare"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>iso4217:INR</xbrli:measure></xbrli:unitNumerator><xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>
<in-bse-fin:RevenueFromOperations contextRef="OneD" unitRef="INR" decimals="-7">52072900000.00</in-bse-fin:RevenueFromOperations>
<in-bse-fin:DisclosureOfNotesOnFinancialResultsExplanatoryTextBlock contextRef="OneD">Revenue &amp; other income &lt;restated&gt;</in-bse-fin:DisclosureOfNotesOnFinancialResultsExplanatoryTextBlock>
</xbrli:xbrl>`;

describe('readXbrlInstance', () => {
  it('reads the entry point, namespaces, entity, contexts with their dimensions, units and facts', () => {
    const read = readXbrlInstance(INSTANCE);
    if (!read.ok) throw new Error(read.reason);
    const { instance } = read;
    expect(instance.schemaRef).toBe('Ind-AS_entry_point_2020-03-31.xsd');
    expect(instance.namespaces.get('in-bse-fin')).toBe('http://www.bseindia.com/xbrl/fin/2020-03-31/in-bse-fin');
    expect(instance.entity).toEqual({ scheme: 'http://www.nseindia.com/NSESymbol', value: 'ACC' });
    expect(instance.contexts.get('OneD')).toEqual({
      id: 'OneD',
      startDate: '2024-10-01',
      endDate: '2024-12-31',
      instant: null,
      dimensional: false,
      dimensions: [],
    });
    expect(instance.contexts.get('Seg01D')?.dimensions).toEqual([
      { axis: 'ReportableSegmentsAxis', value: 'Segment01Member', typed: false },
    ]);
    expect(instance.contexts.get('Holder1I')).toMatchObject({
      instant: '2024-12-31',
      dimensional: true,
      dimensions: [{ axis: 'DetailsOfHoldersAxis', value: '7', typed: true }],
    });
    expect(Object.fromEntries(instance.units)).toEqual({ INR: 'INR', INRPerShare: 'INR/shares' });
    expect(instance.facts).toEqual([
      { prefix: 'in-bse-fin', name: 'RevenueFromOperations', contextRef: 'OneD', unitRef: 'INR', decimals: '-7', text: '52072900000.00' },
      {
        prefix: 'in-bse-fin',
        name: 'DisclosureOfNotesOnFinancialResultsExplanatoryTextBlock',
        contextRef: 'OneD',
        unitRef: null,
        decimals: null,
        text: 'Revenue & other income <restated>',
      },
    ]);
  });

  it('rejects a truncated document naming where it broke, and a document that is not XBRL', () => {
    expect(readXbrlInstance(INSTANCE.slice(0, 900))).toMatchObject({
      ok: false,
      reason: 'not well-formed XML at line 5, column 239: unclosed tag: xbrli:period',
    });
    expect(readXbrlInstance('<html><body/></html>')).toEqual({
      ok: false,
      reason: 'the root element is html, not an XBRL instance (xbrli:xbrl)',
    });
  });
});
