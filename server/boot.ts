/**
 * The built portal's entry, `node build/server.js` (scripts/build.mjs bundles server.ts as `portal.js` beside it).
 * React and React DOM choose their development or production build when they are first imported, from
 * `NODE_ENV`; the bundle's imports of them are evaluated before any of its own code runs, so `NODE_ENV` must be
 * set here, in a module that imports nothing, before the portal is loaded: the libraries always run their
 * production builds (faster, no stack traces in answers), in demo mode too. The NODE_ENV the operator set still
 * decides the secrets policy and demo mode (config/settings.ts): it travels as OPERATOR_NODE_ENV.
 */
import { OPERATOR_NODE_ENV } from "./operator-node-env";

process.env[OPERATOR_NODE_ENV] = process.env.NODE_ENV ?? "";
process.env.NODE_ENV = "production";
await import(new URL("./portal.js", import.meta.url).href);
