/**
 * Countries and their international dial codes for the pre-chat form's phone number
 * (docs/behaviour.md#pre-chat-form). Only ISO codes and dial codes ship: names come from the
 * browser in the widget's language (`Intl.DisplayNames`) and flags are regional-indicator
 * emoji, so no country-name or flag data is downloaded.
 */

/**
 * ISO 3166-1 alpha-2 code followed by the dial code's digits. Countries of the North American
 * Numbering Plan other than the US and Canada carry their main area code (Jamaica 1876), so the
 * visitor types the local number; Kosovo (XK) is the common user-assigned code.
 */
const TABLE =
  'AF93 AX358 AL355 DZ213 AS1684 AD376 AO244 AI1264 AG1268 AR54 AM374 AW297 AC247 AU61 AT43 AZ994 BS1242 BH973 BD880 ' +
  'BB1246 BY375 BE32 BZ501 BJ229 BM1441 BT975 BO591 BQ599 BA387 BW267 BR55 IO246 VG1284 BN673 BG359 BF226 BI257 KH855 ' +
  'CM237 CA1 CV238 KY1345 CF236 TD235 CL56 CN86 CX61 CC61 CO57 KM269 CG242 CD243 CK682 CR506 CI225 HR385 CU53 CW599 ' +
  'CY357 CZ420 DK45 DJ253 DM1767 DO1809 EC593 EG20 SV503 GQ240 ER291 EE372 SZ268 ET251 FK500 FO298 FJ679 FI358 FR33 ' +
  'GF594 PF689 GA241 GM220 GE995 DE49 GH233 GI350 GR30 GL299 GD1473 GP590 GU1671 GT502 GG44 GN224 GW245 GY592 HT509 ' +
  'HN504 HK852 HU36 IS354 IN91 ID62 IR98 IQ964 IE353 IM44 IL972 IT39 JM1876 JP81 JE44 JO962 KZ7 KE254 KI686 XK383 ' +
  'KW965 KG996 LA856 LV371 LB961 LS266 LR231 LY218 LI423 LT370 LU352 MO853 MG261 MW265 MY60 MV960 ML223 MT356 MH692 ' +
  'MQ596 MR222 MU230 YT262 MX52 FM691 MD373 MC377 MN976 ME382 MS1664 MA212 MZ258 MM95 NA264 NR674 NP977 NL31 NC687 ' +
  'NZ64 NI505 NE227 NG234 NU683 NF672 KP850 MK389 MP1670 NO47 OM968 PK92 PW680 PS970 PA507 PG675 PY595 PE51 PH63 PN64 ' +
  'PL48 PT351 PR1787 QA974 RE262 RO40 RU7 RW250 BL590 SH290 KN1869 LC1758 MF590 PM508 VC1784 WS685 SM378 ST239 SA966 ' +
  'SN221 RS381 SC248 SL232 SG65 SX1721 SK421 SI386 SB677 SO252 ZA27 GS500 KR82 SS211 ES34 LK94 SD249 SR597 SJ47 SE46 ' +
  'CH41 SY963 TW886 TJ992 TZ255 TH66 TL670 TG228 TK690 TO676 TT1868 TA290 TN216 TR90 TM993 TC1649 TV688 UG256 UA380 ' +
  'AE971 GB44 US1 UY598 UZ998 VU678 VA39 VE58 VN84 VI1340 WF681 EH212 YE967 ZM260 ZW263';

export interface Country {
  /** ISO 3166-1 alpha-2, e.g. `DE`. */
  code: string;
  /** With its plus, e.g. `+49`. */
  dialCode: string;
  /** In the widget's language. */
  name: string;
  /** In English too, so a visitor may search either way. */
  englishName: string;
  flag: string;
}

/** Every country of the table: `[code, dial code]`. */
export const DIAL_CODES: readonly (readonly [string, string])[] = TABLE.split(' ').map((entry) => [
  entry.slice(0, 2),
  `+${entry.slice(2)}`,
]);

/** The flag of a country as its two regional-indicator letters (🇩🇪). */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1a5 + letter.charCodeAt(0)));
}

function regionNames(locale: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
  } catch {
    return undefined;
  }
}

const cache = new Map<string, Country[]>();

/** The countries with names in `locale` (a BCP 47 tag), sorted the way that language sorts. */
export function countriesIn(locale: string): Country[] {
  let countries = cache.get(locale);
  if (countries) return countries;
  const local = regionNames(locale);
  const english = regionNames('en');
  countries = DIAL_CODES.map(([code, dialCode]) => ({
    code,
    dialCode,
    name: local?.of(code) ?? code,
    englishName: english?.of(code) ?? code,
    flag: flagOf(code),
  }));
  const collator = new Intl.Collator(locale);
  countries.sort((a, b) => collator.compare(a.name, b.name));
  cache.set(locale, countries);
  return countries;
}

/**
 * The visitor's country as their browser's language says (`de-AT` → AT), or the region the
 * language is most spoken in (`de` → DE); undefined when neither is in the table.
 */
export function browserCountry(language: string | undefined): string | undefined {
  if (!language) return undefined;
  try {
    const tag = new Intl.Locale(language);
    const region = tag.region ?? tag.maximize().region;
    return DIAL_CODES.some(([code]) => code === region) ? region : undefined;
  } catch {
    return undefined;
  }
}
