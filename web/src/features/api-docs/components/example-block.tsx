import { CopyButton } from './copy-button';

export const formatExample = (example: unknown) => (typeof example === 'string' ? example : JSON.stringify(example, null, 2));

/** A JSON example with its copy button; the example scrolls sideways, so it takes focus (keyboard scrolling). */
export function ExampleBlock({ example, label }: { example: unknown; label: string }) {
  const text = formatExample(example);
  return (
    <div className="api-example">
      <pre className="api-example__code" tabIndex={0}>
        <code>{text}</code>
      </pre>
      <div className="api-example__copy">
        <CopyButton text={text} label={label} />
      </div>
    </div>
  );
}
