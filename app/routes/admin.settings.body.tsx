import type { MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { bodySectionNames, siteSectionTitles } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { BodySectionFields, BodySectionHeading, kindOf } from '~/components/site-settings/body-section-fields';
import { COURSE_SEARCH_FIELD, type CourseSearchReply } from '~/components/site-settings/course-picker';
import { OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteSectionForm, useSiteSectionForm } from '~/components/site-settings/section-form';
import { SiteSectionLayout } from '~/components/site-settings/section-layout';
import { useUploadsBusy } from '~/hooks/use-uploads-busy';
import { everyBodySection, searchSiteCourses, siteCourseNames } from '~/services/site-body.server';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = siteSectionTitles.body;

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

/** The ids of the courses a form's sections highlight, as posted or as saved. */
function highlighted(sections: unknown): string[] {
  if (!Array.isArray(sections)) return [];
  return sections.flatMap((section: { kind?: unknown; courseIds?: unknown }) =>
    section?.kind === 'courses' && Array.isArray(section.courseIds) ? section.courseIds.map(String) : [],
  );
}

/** Every section, those the draft leaves out at the end and off, and the names of the courses it highlights. */
export const loader = siteSectionLoader('body', async (api, view) => {
  const draft = everyBodySection(view.draft);
  return { view: { ...view, draft }, courseNames: await siteCourseNames(api, highlighted(draft.sections)) };
});

/** Besides saving and publishing: a course search made without JavaScript, and the names of the courses as posted. */
export const action = siteSectionAction('body', {
  more: async (api, posted) => {
    const text = typeof posted[COURSE_SEARCH_FIELD] === 'string' ? posted[COURSE_SEARCH_FIELD].trim().slice(0, 100) : '';
    const found = text ? await searchSiteCourses(api, text) : null;
    const courseSearch: CourseSearchReply | null = found ? { text, matches: found.ok ? found.data : [] } : null;
    return { courseSearch, courseNames: await siteCourseNames(api, highlighted(posted.sections)) };
  },
});

export default function BodySettings() {
  const uploads = useUploadsBusy();
  const { view, form, fields } = useSiteSectionForm('body');
  const { courseNames } = useLoaderData<typeof loader>();
  const reply = useActionData() as { courseSearch?: CourseSearchReply | null; courseNames?: Record<string, string> } | undefined;
  const sections = fields.sections.getFieldList();
  const context = {
    form,
    onBusyChange: uploads.onBusyChange,
    courseNames: { ...courseNames, ...reply?.courseNames },
    courseSearch: reply?.courseSearch ?? null,
  };

  return (
    <SiteSectionLayout
      view={view}
      description="The home page’s sections, in the order visitors read them between the banners and the certifications; a section that is off is not shown."
    >
      <SiteSectionForm form={form} version={view.version} withFiles busy={uploads.busy}>
        <p className="text-sm text-muted-foreground">
          Drag a section by its handle, or move it up or down, to change the order. Every section stays here when it is off.
        </p>
        <OrderedRows
          form={form}
          field={fields.sections}
          label={(index) => bodySectionNames[kindOf(sections[index]!.getFieldset())]}
          heading={(index) => <BodySectionHeading row={sections[index]!.getFieldset()} />}
          fixed
        >
          {(row) => <BodySectionFields row={row} context={context} />}
        </OrderedRows>
      </SiteSectionForm>
    </SiteSectionLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
