import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import { useCallback, useState } from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import {
  coursePaperCourseId,
  coursePaperFields,
  passingWithinMarks,
  questionPaperUpload,
  type CoursePaperView,
} from '../../../common/contracts/course-papers';
import { acceptAttribute, uploadRuleFor, uploadRuleHint } from '../../../common/uploads/rules';
import { FileField } from '~/components/dynamic-form/file-field';
import { FormError } from '~/components/ui/field-error';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { UrlDialogActions } from '~/components/wallet/url-dialog';
import { paperKindOptions } from '~/lib/course-papers';
import type { Option } from '~/lib/list-query';

const id = z.string().min(1).max(100);
const version = z.coerce.number().int().min(1).optional();

const questionPaperRule = uploadRuleFor(questionPaperUpload.fieldName);
const questionPaperInfo = { hint: uploadRuleHint(questionPaperRule), accept: acceptAttribute(questionPaperRule) };

/**
 * The screen's forms, told apart by `intent`; the fields are the contract's own schemas, so the
 * browser, the route and the API say the same thing about them. Delete is the list kit's form.
 */
export const paperFormSchema = z
  .discriminatedUnion('intent', [
    z.object({ intent: z.literal('add'), courseId: coursePaperCourseId, ...coursePaperFields }),
    z.object({ intent: z.literal('change'), id, version, ...coursePaperFields }),
  ])
  .superRefine(passingWithinMarks);

/** Adds a paper to a course, or changes `paper` sending the version shown (a stale one is refused). */
export function PaperForm({
  paper,
  courses,
  courseId,
  lastResult,
  closeTo,
}: {
  paper?: CoursePaperView;
  courses: Option[];
  /** The course a new paper goes to unless another is chosen. */
  courseId?: string;
  lastResult?: SubmissionResult<string[]>;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const intent = paper ? 'change' : 'add';
  const [form, fields] = useForm({
    id: paper ? `paper-${paper._id}` : 'paper-new',
    lastResult: lastResult?.initialValue?.intent === intent ? lastResult : undefined,
    defaultValue: paper
      ? {
          code: paper.code,
          name: paper.name,
          kind: paper.kind,
          questionPaperMarks: String(paper.questionPaperMarks),
          passingMarks: String(paper.passingMarks),
          questionPaper: paper.questionPaper ?? '',
        }
      : { courseId: courseId ?? '', kind: 'theory' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paperFormSchema }),
  });
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((_: string, busy: boolean) => setUploading(busy), []);
  const onKeyChange = useCallback((name: string) => form.validate({ name }), [form]);
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const initialKey = (fields.questionPaper.initialValue as string | undefined) || undefined;

  return (
    <Form method="post" encType="multipart/form-data" preventScrollReset {...getFormProps(form)} className="grid gap-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      {paper ? (
        <>
          <input type="hidden" name="id" value={paper._id} />
          <input type="hidden" name="version" value={paper.version} />
        </>
      ) : (
        <FormField field={fields.courseId} label="Course" required>
          <NativeSelect {...getSelectProps(fields.courseId)} key={fields.courseId.key}>
            <option value="">Choose a course</option>
            {courses.map((course) => (
              <option key={course.value} value={course.value}>
                {course.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.code} label="Code" required>
          <Input {...getInputProps(fields.code, { type: 'text' })} key={fields.code.key} placeholder="e.g. CS-101" autoComplete="off" />
        </FormField>
        <FormField field={fields.kind} label="Type" required>
          <NativeSelect {...getSelectProps(fields.kind)} key={fields.kind.key}>
            {paperKindOptions.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField field={fields.name} label="Name" required>
        <Input
          {...getInputProps(fields.name, { type: 'text' })}
          key={fields.name.key}
          placeholder="e.g. Computer Fundamentals"
          autoComplete="off"
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.questionPaperMarks} label="Question paper marks" required>
          <Input
            {...getInputProps(fields.questionPaperMarks, { type: 'number' })}
            key={fields.questionPaperMarks.key}
            min={1}
            step={1}
            inputMode="numeric"
          />
        </FormField>
        <FormField field={fields.passingMarks} label="Passing marks" required>
          <Input
            {...getInputProps(fields.passingMarks, { type: 'number' })}
            key={fields.passingMarks.key}
            min={0}
            step={1}
            inputMode="numeric"
          />
        </FormField>
      </div>
      <FileField
        name={fields.questionPaper.name}
        id={fields.questionPaper.id}
        label="Question paper (optional)"
        formType={questionPaperUpload.formType}
        initialKey={initialKey}
        initialKeyOpenable={paper?.questionPaperReadable}
        info={questionPaperInfo}
        errors={fields.questionPaper.errors}
        errorId={fields.questionPaper.errorId}
        onBusyChange={onBusyChange}
        onKeyChange={onKeyChange}
      />
      <FormError id={form.errorId} errors={form.errors} />
      <UrlDialogActions
        closeTo={closeTo}
        submitting={submitting}
        label={paper ? 'Save paper' : 'Add paper'}
        busyLabel={paper ? 'Saving…' : 'Adding…'}
        waitingLabel={uploading ? 'Wait for Upload...' : undefined}
      />
    </Form>
  );
}
