// @vitest-environment happy-dom
import { fileName, interactiveSummary, safeHref } from '../../../src/agent/lib/messageSummary';

describe('what an interactive message asks, in one line', () => {
  it.each([
    ['text', {}, null],
    [
      'input_select',
      { items: [{ title: 'Track my order' }, { title: 'Talk to a human' }] },
      { asks: 'Options: Track my order, Talk to a human' },
    ],
    [
      'input_select',
      { items: [{ title: 'Track my order' }], submitted_values: [{ title: 'Track my order', value: 'track' }] },
      { asks: 'Options: Track my order', answer: 'Track my order' },
    ],
    ['cards', { items: [{ title: 'Wren T-shirt' }] }, { asks: 'Cards: Wren T-shirt' }],
    [
      'form',
      {
        items: [
          { name: 'order', label: 'Order number' },
          { name: 'topic', label: 'Topic' },
        ],
        submitted_values: [{ name: 'order', value: 'A-12' }],
      },
      { asks: 'Form: Order number, Topic', answer: 'Order number: A-12' },
    ],
    ['article', { items: [{ title: 'Returns' }] }, { asks: 'Articles: Returns' }],
    ['input_email', {}, { asks: 'Asks for an e-mail address' }],
    ['input_email', { submitted_email: 'ana@example.com' }, { asks: 'Asks for an e-mail address', answer: 'ana@example.com' }],
    [
      'input_csat',
      { submitted_values: { csat_survey_response: { rating: 5, feedback_message: 'Quick!' } } },
      { asks: 'Satisfaction survey', answer: 'Rated 5 of 5: “Quick!”' },
    ],
    ['integrations', { type: 'dyte' }, { asks: 'Video call invitation' }],
  ] as const)('%s %j', (contentType, attributes, expected) => {
    expect(interactiveSummary({ content_type: contentType, content_attributes: attributes as Record<string, unknown> })).toEqual(expected);
  });

  it('survives attributes of the wrong shape', () => {
    expect(interactiveSummary({ content_type: 'input_select', content_attributes: { items: 'nope' } })).toEqual({ asks: 'Options: ' });
    expect(interactiveSummary({ content_type: 'form', content_attributes: { items: [null, 3], submitted_values: {} } })).toEqual({
      asks: 'Form: ',
    });
  });
});

describe('links in messages', () => {
  it('keeps http(s) and same-origin paths, and drops every other scheme', () => {
    expect(safeHref('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(safeHref('/uploads/k/a.png')).toBe(`${location.origin}/uploads/k/a.png`);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>')).toBeNull();
    expect(safeHref('')).toBeNull();
  });

  it('names a file by its upload name', () => {
    expect(fileName('http://x/uploads/abc/Invoice%20May.pdf')).toBe('Invoice May.pdf');
    expect(fileName('http://x/')).toBe('file');
  });
});
