import { parseWithZod } from '@conform-to/zod';
import { adminLoginSchema, superAdminLoginSchema } from './login-schemas';

/** The browser's checks of the login forms, the schemas their actions parse; loaded after hydration. */
export const validateLogin = {
  admin: (formData: FormData) => parseWithZod(formData, { schema: adminLoginSchema }),
  superAdmin: (formData: FormData) => parseWithZod(formData, { schema: superAdminLoginSchema }),
};
