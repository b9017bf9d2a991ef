import type { FieldMetadata, FormMetadata } from '@conform-to/react';
import * as React from 'react';
import { useFormIntents } from '~/components/site-settings/ordered-rows';
import { SearchStatus, useTypedSearch } from '~/components/typed-search';
import { Button } from '~/components/ui/button';
import { FieldError } from '~/components/ui/field-error';
import { CheckIcon, PlusIcon, XIcon } from '~/components/ui/icons';
import { Label } from '~/components/ui/label';
import { SearchInput } from '~/components/ui/search-input';
import type { SiteCourse } from '~/services/site-body.server';

/** The most courses the home page highlights (the body's schema holds it to this). */
export const MAX_HIGHLIGHTED = 12;

/** What a search made without JavaScript found: the page comes back with it. */
export type CourseSearchReply = { text: string; matches: SiteCourse[] };

/** The name of the search box's field, posted only by a page without JavaScript. */
export const COURSE_SEARCH_FIELD = 'courseSearch';

const noun = { one: 'course', other: 'courses' };

/**
 * The courses the home page highlights, in order: each a chip with its remove button (its id a
 * hidden field), and a search of the course list to add more. With JavaScript the matches come as
 * one types and a match is added in place; without it, Find posts the form unsaved and the page
 * comes back with the matches, each of which adds itself the same way.
 */
export function CoursePicker({
  form,
  field,
  names,
  found,
}: {
  form: Pick<FormMetadata<never, string[]>, 'insert' | 'remove' | 'reorder' | 'validate'>;
  /** The section's `courseIds`. */
  field: FieldMetadata<string[] | undefined>;
  /** The names of the courses known so far, by id. */
  names: Record<string, string>;
  found: CourseSearchReply | null;
}) {
  const intents = useFormIntents(form);
  const typing = useTypedSearch<{ courses: SiteCourse[] }>(
    found?.text ?? '',
    (text) => `/resources/site-courses?${new URLSearchParams({ search: text })}`,
  );
  const { hydrated, text, searching } = typing;
  const [picked, setPicked] = React.useState<Record<string, string>>({});
  const searchBox = React.useRef<HTMLInputElement>(null);
  const ids = field.getFieldList().map((item) => ({ item, id: String(item.value ?? item.initialValue ?? '') }));
  const full = ids.length >= MAX_HIGHLIGHTED;
  const nameOf = (id: string) => picked[id] ?? names[id] ?? 'A course no longer listed';
  const inputId = `${field.id}-search`;
  const hintId = `${field.id}-hint`;

  const typed = hydrated && text.trim() !== '' && text.trim() !== (found?.text ?? '');
  const matches = typed ? (typing.answer?.courses ?? []) : text.trim() ? (found?.matches ?? []) : [];
  const asked = typed ? typing.answer !== undefined : Boolean(found?.text) && text.trim() !== '';

  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <p className="text-sm font-medium" id={`${field.id}-label`}>
          Highlighted courses{' '}
          <span className="font-normal text-muted-foreground">
            ({ids.length} of {MAX_HIGHLIGHTED})
          </span>
        </p>
        {ids.length ? (
          <ul className="flex flex-wrap gap-2" aria-labelledby={`${field.id}-label`}>
            {ids.map(({ item, id }, index) => (
              <li
                key={item.key}
                className="inline-flex max-w-full items-center gap-1 rounded-full border bg-muted/40 py-0.5 pr-0.5 pl-3 text-sm"
              >
                <input type="hidden" name={item.name} value={id} />
                <span className="min-w-0 truncate">{nameOf(id)}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7 rounded-full"
                  aria-label={`Remove ${nameOf(id)}`}
                  {...intents.remove({ name: field.name, index })}
                >
                  <XIcon aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">None yet: the section invites visitors to ask about the courses.</p>
        )}
        {ids.length ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {full ? `The section holds ${MAX_HIGHLIGHTED} courses: remove one to add another.` : 'Visitors see them in this order.'}
          </p>
        ) : null}
        <FieldError
          id={field.errorId}
          errors={[
            ...(field.errors ?? []),
            ...ids.flatMap(({ item, id }) => (item.errors ?? []).map((error) => `${nameOf(id)}: ${error}`)),
          ]}
        />
      </div>

      <div role="search" aria-label="Courses to highlight" className="grid gap-2">
        <Label htmlFor={inputId}>Find a course to highlight</Label>
        <div className="flex gap-2">
          <SearchInput
            ref={searchBox}
            id={inputId}
            // Only a page without JavaScript posts the search, with Find.
            name={hydrated ? undefined : COURSE_SEARCH_FIELD}
            placeholder="Part of a course’s name or code"
            value={text}
            disabled={full}
            aria-describedby={full ? hintId : undefined}
            onChange={(event) => typing.change(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter would send the page's form; the matches come as one types.
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
          {hydrated ? null : (
            <Button variant="outline" {...intents.validate({ name: field.name })}>
              Find
            </Button>
          )}
        </div>
        <SearchStatus searching={searching} found={asked ? matches.length : null} noun={noun} />
        {matches.length ? (
          <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-lg border p-1" aria-label="Matching courses">
            {matches.map((course) => {
              const chosen = ids.some(({ id }) => id === course.id);
              return (
                <li key={course.id}>
                  <Button
                    variant="ghost"
                    className="h-auto w-full justify-start px-3 py-2 text-left font-normal whitespace-normal"
                    disabled={chosen || full}
                    {...intents.insert({ name: field.name, defaultValue: course.id }, () => {
                      setPicked((known) => ({ ...known, [course.id]: course.title }));
                      typing.change('');
                      searchBox.current?.focus();
                    })}
                  >
                    {chosen ? <CheckIcon aria-hidden /> : <PlusIcon aria-hidden />}
                    <span className="min-w-0 flex-1">
                      <span className="font-medium">{course.title}</span>
                      {course.code ? <span className="text-muted-foreground"> · {course.code}</span> : null}
                    </span>
                    {chosen ? <span className="text-xs text-muted-foreground">Highlighted</span> : null}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : asked && !searching ? (
          <p className="text-sm text-muted-foreground">No course matches.</p>
        ) : null}
      </div>
    </div>
  );
}
