/**
 * Random values: tokens for secrets and pubsub keys, uuids for source ids, and friendly names
 * for anonymous visitors (agents see "quiet-river-482" rather than "Visitor 17").
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';

/** A URL-safe random token of `bytes` bytes of entropy. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** A random v4 uuid. */
export function uuid(): string {
  return randomUUID();
}

const ADJECTIVES = [
  'amber',
  'bold',
  'brave',
  'bright',
  'calm',
  'clever',
  'cool',
  'crisp',
  'dawn',
  'eager',
  'gentle',
  'golden',
  'green',
  'happy',
  'hidden',
  'honest',
  'jolly',
  'kind',
  'lively',
  'lucky',
  'mellow',
  'misty',
  'noble',
  'patient',
  'polished',
  'proud',
  'quiet',
  'rapid',
  'silent',
  'silver',
  'snowy',
  'steady',
  'sunny',
  'swift',
  'tidy',
  'twilight',
  'velvet',
  'wandering',
  'wild',
  'young',
];
const NOUNS = [
  'bird',
  'breeze',
  'brook',
  'butterfly',
  'cloud',
  'dew',
  'dream',
  'feather',
  'field',
  'fire',
  'flower',
  'forest',
  'frost',
  'glade',
  'grass',
  'harbor',
  'hill',
  'lake',
  'leaf',
  'meadow',
  'moon',
  'morning',
  'mountain',
  'night',
  'ocean',
  'pine',
  'rain',
  'river',
  'sea',
  'shadow',
  'sky',
  'smoke',
  'snow',
  'star',
  'stone',
  'sun',
  'thunder',
  'tree',
  'wave',
  'wind',
];

/** A random "adjective-noun-number" name for a new anonymous contact. */
export function anonymousName(): string {
  return `${ADJECTIVES[randomInt(ADJECTIVES.length)]}-${NOUNS[randomInt(NOUNS.length)]}-${randomInt(100, 1000)}`;
}
