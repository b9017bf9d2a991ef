import { templateImageUpload } from '../../common/contracts/marksheet-templates';

/**
 * The names of the template editor's image and signature fields. A file field's last part names
 * its upload rule (common/uploads/rules.ts), so a signature's image is
 * `signatures[0].templateSignature`; the API names the same places `logo` and `signatures.0.image`.
 */
export const templateFormNames = {
  logo: templateImageUpload.logo,
  signatureRole: (index: number) => `signatures[${index}].role`,
  signatureImage: (index: number) => `signatures[${index}].${templateImageUpload.signature}`,
};

/** Messages about files the form posted, under the names the API gives their places. */
export function imageErrorsAsContent(errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([name, messages]) => {
      const signature = /^signatures\[(\d+)\]\./.exec(name);
      return [signature ? `signatures.${signature[1]}.image` : name === templateFormNames.logo ? 'logo' : name, messages];
    }),
  );
}
