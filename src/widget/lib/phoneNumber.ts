/**
 * Dial codes whose national numbers keep their leading 0 after the country code (Italy, San
 * Marino, the Vatican, Côte d'Ivoire): everywhere else that 0 is the trunk prefix dialled only
 * inside the country (UK 07700 900123 is +44 7700 900123).
 */
const KEEPS_LEADING_ZERO = new Set(['+39', '+378', '+225']);

/**
 * The phone number the visitor means, in international form, from the country they chose and
 * what they typed. Spaces, dots, dashes and brackets go. A number typed with its own `+` (or
 * the `00` international prefix) is taken as it is, whatever the country; without a country
 * the digits stay without `+`, which the form answers with "Please select a country code".
 */
export function composePhoneNumber(dialCode: string | undefined, typed: string): string {
  const number = typed.replace(/[\s.()\-‐-―]/g, '');
  if (!number) return '';
  if (number.startsWith('+')) return number;
  if (number.startsWith('00')) return `+${number.slice(2)}`;
  if (!dialCode) return number;
  return dialCode + (KEEPS_LEADING_ZERO.has(dialCode) ? number : number.replace(/^0/, ''));
}
