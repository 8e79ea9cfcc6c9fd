import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { CsatResponse, FormField, httpUrl, RICH_CONTENT, SelectOption } from '../../src/shared/contentAttributes';

/** The JSON Schema of a schema, leaving out the checks JSON Schema cannot say (trimming, a pattern that compiles). */
const jsonSchema = (schema: v.GenericSchema) => toJsonSchema(schema, { errorMode: 'ignore' });

describe('the rich kinds’ schemas', () => {
  it.each(['https://shop.example/a?b=c', 'http://localhost:3000/x'])('take %j as an http(s) URL', (url) => {
    expect(v.is(httpUrl, url)).toBe(true);
  });

  it.each(['javascript:alert(1)', 'ftp://files.example/a', 'http://', '/relative/path', 'data:text/html,x'])(
    'refuse %j as an http(s) URL',
    (url) => {
      expect(v.is(httpUrl, url)).toBe(false);
    },
  );

  it('trim an option’s title, and refuse a key an option does not have', () => {
    expect(v.parse(SelectOption, { title: '  Sales ', value: 'sales' })).toEqual({ title: 'Sales', value: 'sales' });
    expect(v.is(SelectOption, { title: 'Sales', image_url: 'https://x.example/a.png' })).toBe(false);
  });

  it("take a form field's bounds (the form library's min and max), and refuse them reversed or not numbers", () => {
    expect(v.parse(FormField, { name: 'seats', type: 'number', min: 2, max: 50 })).toMatchObject({ min: 2, max: 50 });
    expect(v.parse(FormField, { name: 'code', type: 'text', min: 6 })).toMatchObject({ min: 6 });
    expect(v.is(FormField, { name: 'seats', type: 'number', min: 50, max: 2 })).toBe(false);
    expect(v.is(FormField, { name: 'seats', type: 'number', min: '2' })).toBe(false);
    expect(v.is(FormField, { name: 'seats', type: 'number', max: Number.POSITIVE_INFINITY })).toBe(false);
  });

  it('store a survey without written feedback as null', () => {
    expect(v.parse(CsatResponse, { rating: 4 })).toEqual({ rating: 4, feedback_message: null });
    expect(v.parse(CsatResponse, { rating: 4, feedback_message: '  ' })).toEqual({ rating: 4, feedback_message: null });
    expect(v.is(CsatResponse, { rating: 4.5 })).toBe(false);
  });
});

// Shaped for a JSON Schema of the wire (an OpenAPI document made from these schemas).
describe('the rich kinds as JSON Schema', () => {
  it('converts every kind and every answer', () => {
    for (const { asks, answer } of Object.values(RICH_CONTENT)) {
      expect(jsonSchema(asks)).toMatchObject({ $schema: 'http://json-schema.org/draft-07/schema#' });
      if (answer) expect(jsonSchema(answer)).toMatchObject({ type: 'object', additionalProperties: false });
    }
  });

  it('says what an option is, its bounds and that no other key is allowed', () => {
    expect(jsonSchema(RICH_CONTENT.input_select.asks)).toMatchObject({
      type: 'object',
      required: ['items'],
      properties: {
        items: {
          type: 'array',
          minItems: 1,
          maxItems: 50,
          items: {
            type: 'object',
            required: ['title'],
            additionalProperties: false,
            properties: { title: { type: 'string', maxLength: 255 } },
          },
        },
      },
    });
  });

  it('says a card’s button is a link with an http(s) URL or a postback, one of the two', () => {
    const card = jsonSchema(RICH_CONTENT.cards.asks) as {
      properties: { items: { items: { properties: { actions: { items: unknown } } } } };
    };
    expect(card.properties.items.items.properties.actions.items).toMatchObject({
      oneOf: [
        {
          properties: { type: { const: 'link' }, uri: { format: 'uri', pattern: '^https?:\\/\\/[^/?#\\s]' } },
          required: ['type', 'text', 'uri'],
        },
        { properties: { type: { const: 'postback' } }, required: ['type', 'text', 'payload'] },
      ],
    });
  });

  it('says a rating is a whole number from 1 to 5', () => {
    expect(jsonSchema(RICH_CONTENT.input_csat.answer)).toMatchObject({
      properties: {
        submitted_values: { properties: { csat_survey_response: { properties: { rating: { type: 'integer', minimum: 1, maximum: 5 } } } } },
      },
    });
  });
});
