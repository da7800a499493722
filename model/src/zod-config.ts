/**
 * The model's zod, with no code generation: the console's CSP forbids eval (firebase.json,
 * script-src 'self'), and zod's probe for it is reported as a violation even though zod catches
 * the refusal. zod reads the setting when a schema is built, so every module of the model takes
 * `z` from here: the setting is in place before any of its schemas, in whichever chunk of the
 * console they load.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
