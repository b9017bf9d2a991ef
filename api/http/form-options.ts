import { formOptionContract } from '../../common/contracts/form-options';
import { activeCourseCategories } from '../domain/course-categories/queries';
import { defineEndpoint } from './endpoint';

const allCategories = defineEndpoint({
  ...formOptionContract.courseCategories,
  access: { kind: 'authenticated' },
  async handle({ db }) {
    return { message: 'Course categories', data: await activeCourseCategories(db) };
  },
});

export const formOptionEndpoints = [allCategories];
