/**
 * Writes the e2e portal's IP-geolocation database (GEOIP_DATABASE, docs/decisions/116) before it starts:
 * `node --import tsx tests/e2e/support/write-geoip.ts <file>` (playwright.config.ts). A DB-IP-shaped city file, so
 * the page shows DB-IP's credit; the journeys' own addresses (10.x.y.z, private) name no place.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cityRecord, writeMmdb } from "../../../registry/testing/mmdb-writer";
import { E2E_PLACES } from "./e2e-env";

const file = process.argv[2];
if (!file) throw new Error("usage: write-geoip.ts <file.mmdb>");
mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
writeFileSync(
  file,
  writeMmdb(
    E2E_PLACES.map((p) => ({ network: p.network, data: cityRecord(p.place) })),
    { databaseType: "DBIP-City-Lite", languages: ["en", "es"], description: { en: "e2e test places" } },
  ),
);
