import { Fragment } from 'react';

/**
 * Text such as an e-mail address or a user name that may wrap after its dots, @, hyphens and
 * underscores (never in the middle of a word), so a narrow table column stays readable.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(/(?<=[.@_-])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
