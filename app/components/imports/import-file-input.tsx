import { Label } from '~/components/ui/label';
import { FILE_PART_PREFIX } from '~/lib/dynamic-form';
import { acceptAttribute, IMPORT_FILE_RULE, uploadRuleHint } from '../../../common/uploads/rules';

/** The upload field of an import file: the form posts the file and the action stores it (`storePostedFiles`). */
export const IMPORT_FILE_FIELD = 'importFile';

/** Every part of an import form is held to the import file's rule. */
export const importFileRule = () => IMPORT_FILE_FIELD;

/**
 * A spreadsheet to import, CSV or Excel, posted with its form: the same with and without
 * JavaScript. `hint` says what the file should hold, after the size and types allowed.
 */
export function ImportFileInput({ id, hint }: { id: string; hint: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>File</Label>
      <input
        id={id}
        name={`${FILE_PART_PREFIX}${IMPORT_FILE_FIELD}`}
        type="file"
        required
        accept={acceptAttribute(IMPORT_FILE_RULE)}
        aria-describedby={`${id}-hint`}
        className="block w-full cursor-pointer rounded-md border border-input text-sm file:mr-3 file:cursor-pointer file:border-0 file:bg-muted file:px-3 file:py-2 file:font-medium"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {uploadRuleHint(IMPORT_FILE_RULE)}. {hint}
      </p>
    </div>
  );
}
