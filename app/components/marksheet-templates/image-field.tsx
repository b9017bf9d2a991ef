import * as React from 'react';
import { templateImageRule, templateImageUpload } from '../../../common/contracts/marksheet-templates';
import { acceptAttribute, uploadRuleHint } from '../../../common/uploads/rules';
import { FileField } from '~/components/dynamic-form/file-field';
import { StoredImagePreview } from '~/components/dynamic-form/stored-image-preview';

const info = { hint: uploadRuleHint(templateImageRule), accept: acceptAttribute(templateImageRule) };

/**
 * An image of the template (its logo, a signature): uploaded straight to storage as it is chosen
 * (the dynamic forms' file field), shown beside the field as it will be printed.
 */
export function TemplateImageField({
  name,
  label,
  initialKey,
  errors,
  onBusyChange,
  onChange,
}: {
  name: string;
  label: string;
  initialKey: string | null;
  errors?: string[];
  onBusyChange: (name: string, busy: boolean) => void;
  /** Told when an image is uploaded or removed. */
  onChange: () => void;
}) {
  const [key, setKey] = React.useState(initialKey);
  const id = `template-${name.replace(/\W+/g, '-')}`;
  return (
    <div className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_8rem]">
      <FileField
        name={name}
        id={id}
        label={label}
        formType={templateImageUpload.formType}
        initialKey={initialKey ?? undefined}
        info={info}
        errors={errors}
        errorId={`${id}-error`}
        onBusyChange={onBusyChange}
        onKeyChange={(_, next) => {
          setKey(next);
          onChange();
        }}
      />
      {key ? <StoredImagePreview storedKey={key} label={label} className="w-32 sm:mt-6" /> : null}
    </div>
  );
}
