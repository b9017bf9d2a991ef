import type { FieldMetadata } from '@conform-to/react';
import * as React from 'react';
import { siteUpload, siteUploadRuleOf } from '../../../common/contracts/site-content';
import { acceptAttribute, uploadRuleFor, uploadRuleHint } from '../../../common/uploads/rules';
import { FileField } from '~/components/dynamic-form/file-field';
import { StoredImagePreview } from '~/components/dynamic-form/stored-image-preview';

/**
 * An image or file of the site (a logo, a banner, a download): uploaded straight to storage as it
 * is chosen, by the site's upload rule for what the field holds; an image is shown as it will be.
 */
export function SiteUploadField({
  field,
  label,
  onBusyChange,
  onKeyChange,
  required,
}: {
  /** The form's field holding the upload's key. */
  field: FieldMetadata<string>;
  label: string;
  onBusyChange: (id: string, busy: boolean) => void;
  /** Told the stored key ('' for none) when a file is uploaded or removed. */
  onKeyChange?: (key: string) => void;
  required?: boolean;
}) {
  const { name, errors } = field;
  const initialKey = typeof field.initialValue === 'string' && field.initialValue ? field.initialValue : undefined;
  const rule = siteUploadRuleOf(name);
  const info = React.useMemo(() => ({ hint: uploadRuleHint(uploadRuleFor(rule)), accept: acceptAttribute(uploadRuleFor(rule)) }), [rule]);
  const [key, setKey] = React.useState(initialKey ?? null);
  const id = `site-${name.replace(/\W+/g, '-')}`;
  const image = rule === siteUpload.image;
  // The image stands beside the field when there is room for both where the field is (a row of a row is narrow).
  return (
    <div className="@container">
      <div className={image ? 'grid items-start gap-3 @sm:grid-cols-[minmax(0,1fr)_7rem]' : 'grid'}>
        <FileField
          name={name}
          id={id}
          label={label}
          formType={siteUpload.formType}
          uploadRule={rule}
          required={required}
          initialKey={initialKey}
          info={info}
          errors={errors}
          errorId={`${id}-error`}
          onBusyChange={onBusyChange}
          onKeyChange={(_, next) => {
            setKey(next);
            onKeyChange?.(next ?? '');
          }}
        />
        {image && key ? <StoredImagePreview storedKey={key} label={label} className="w-28 @sm:mt-6" /> : null}
      </div>
    </div>
  );
}
