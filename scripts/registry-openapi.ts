/**
 * Part of `npm run docs`: writes docs/registry-openapi.json, the registry's OpenAPI 3.1 document generated from its
 * routes' descriptions (docs/decisions/102). registry/openapi/document.test.ts fails when the file is stale.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { OPENAPI_FILE, openApiFileText } from "../registry/openapi/document";
import { registryDocument } from "../registry/routes";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
fs.writeFileSync(path.join(root, OPENAPI_FILE), openApiFileText(registryDocument()));
process.stdout.write(`Wrote ${OPENAPI_FILE}\n`);
