import { safeAvatarUrl } from '../lib/safeAvatarUrl';

/** A round avatar: the image when its URL is safe, else the name's initial on a tinted disc. */
export function Avatar({ name, src, size = 32 }: { name: string; src?: string | null; size?: 24 | 32 | 48 }) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  const image = safeAvatarUrl(src);
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {image ? <img src={image} alt="" width={size} height={size} loading="lazy" /> : initial}
    </span>
  );
}
