import '../templates.css';
import { placeholderHints } from '../utils/placeholders';

/** The placeholders filled when a document is created; those the content uses are marked. */
export function PlaceholderHint({ content, intro }: { content: string; intro: string }) {
  return (
    <div className="placeholder-hint" data-testid="placeholder-hint">
      <p className="placeholder-hint__intro">{intro}</p>
      <ul className="placeholder-hint__list">
        {placeholderHints(content).map((hint) => (
          <li key={hint.token} className={hint.used ? 'placeholder-hint__item--used' : undefined}>
            <code>{hint.token}</code> — {hint.meaning}
            {hint.used && <span className="visually-hidden"> (usado no conteúdo)</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
