import type { Route } from "./+types/staff.audit[.csv]";
import { auditCsvDownload } from "~/features/staff/program.server";
import { portalContext } from "~/platform/context";

/** GET /staff/audit.csv?… (docs/decisions/133): the audit search's rows as CSV (administrators); the registry audits the export. */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  return auditCsvDownload(routerContext.get(portalContext), new URL(request.url));
}
