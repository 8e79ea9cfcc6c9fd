import { useState, type SyntheticEvent } from 'react';
import { Skeleton } from './Skeleton';

export interface ArticleFrameLabels {
  /** 'There was an error loading the article, please refresh the page and try again.' */
  failed: string;
  /** 'Try again' */
  retry: string;
  /** 'Loading' */
  loading: string;
}

export interface ArticleFrameProps {
  /** A help-centre page of the widget's own origin (`articleFrameUrl`); undefined shows the error. */
  src: string | undefined;
  /** The frame's accessible name: the article's title. */
  title: string;
  labels: ArticleFrameLabels;
}

type FrameState = 'loading' | 'loaded' | 'failed';

/**
 * Whether the frame holds a page that arrived. The page is same-origin, so it can be read: a
 * browser error page cannot, and a JSON error (an unknown article, an unreachable Chatwoot)
 * is not HTML. The blank document a frame starts with is not an answer yet.
 */
function arrived(frame: HTMLIFrameElement): boolean | undefined {
  try {
    const page = frame.contentDocument;
    if (!page) return false;
    if (page.URL === 'about:blank') return undefined;
    return page.contentType === 'text/html';
  } catch {
    return false;
  }
}

/**
 * An article (or the portal's list) in the plain layout of its own page, framed: the page is the
 * server's, rendered from escaped markdown under a CSP without `script-src`, so nothing an
 * article contains can run, in the frame or in the widget; its links leave in a new tab. No
 * `sandbox`: the page's CSP already forbids script, and in gateway mode the page is Chatwoot's
 * own, which Chatwoot's widget frames as it is (a sandbox would also hide the frame from tools
 * that script it, such as axe).
 */
export function ArticleFrame({ src, title, labels }: ArticleFrameProps) {
  const [state, setState] = useState<FrameState>(src ? 'loading' : 'failed');
  const [attempt, setAttempt] = useState(0);

  const onLoad = (event: SyntheticEvent<HTMLIFrameElement>) => {
    const answer = arrived(event.currentTarget);
    if (answer !== undefined) setState(answer ? 'loaded' : 'failed');
  };

  return (
    <div className="article-viewer">
      {src && state !== 'failed' && (
        <iframe
          key={attempt}
          className={`article-viewer__frame${state === 'loaded' ? '' : ' article-viewer__frame--loading'}`}
          src={src}
          title={title}
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={onLoad}
        />
      )}
      {state === 'loading' && (
        <div className="article-viewer__loading">
          <Skeleton label={labels.loading} lines={6} />
        </div>
      )}
      {state === 'failed' && (
        <div className="article-viewer__error" role="alert">
          <p>{labels.failed}</p>
          {src && (
            <button
              type="button"
              className="button"
              onClick={() => {
                setAttempt((n) => n + 1);
                setState('loading');
              }}
            >
              {labels.retry}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
