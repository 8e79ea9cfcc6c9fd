import { adoptStyles } from '../lib/adoptStyles';
import skeletonCss from '../styles/skeleton.chunk.css';

// Only lazy parts show skeletons (the help centre's list and article): the styles travel with them.
adoptStyles(skeletonCss);

/** Grey bars where content is on its way (a heading's, then `lines` of text), named for screen readers. */
export function Skeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton__bar skeleton__bar--title" />
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton__bar" />
      ))}
    </div>
  );
}
