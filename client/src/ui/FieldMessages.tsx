import { FieldError, Text } from 'react-aria-components';

/** The hint and the error under a text field (react-aria links both to the input). */
export function FieldMessages({ description, errorMessage }: { description?: string; errorMessage?: string }) {
  return (
    <>
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </>
  );
}
