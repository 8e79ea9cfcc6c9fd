/**
 * What the database can hold, checked where input enters (the routes' body and parameter
 * parsing in `routes/body.ts`, the multipart fields, the cable's frames) so that neither engine
 * ever sees a value it would refuse: PostgreSQL's `integer` columns hold at most 2³¹ − 1 and
 * its text cannot hold U+0000, where SQLite takes both. The two engines answer alike: 4xx.
 */

/** The largest id (and any other whole number kept in an `integer` column). */
export const MAX_ID = 2_147_483_647;

/** A positive whole number an `integer` column can hold. */
export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;

/** Whether `text` holds a NUL character, which no text column can store. */
export const hasNul = (text: string): boolean => text.includes('\u0000');

export const NUL_IN_TEXT = 'Text must not contain NUL characters (U+0000)';
