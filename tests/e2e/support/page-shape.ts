import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";

/**
 * What axe-core can see of a page, without the patient's data: every element in order with its attributes, and
 * whether each piece of text is filled or empty. Digits in attribute values count as one digit (ids in links,
 * times), `value` attributes only as filled or empty (kept form values, CSRF tokens), and the CSP nonce not at all.
 * Two pages with the same shape give the same axe results for the same styles (docs/decisions/112).
 */
export async function pageShape(page: Page): Promise<string> {
  const shape = await page.evaluate(() => {
    const parts: string[] = [];
    const visit = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        if (node.textContent?.trim()) parts.push("#t");
        return;
      }
      if (!(node instanceof Element)) return;
      const attributes = [...node.attributes]
        .filter((a) => a.name !== "nonce")
        .map((a) => `${a.name}=${a.name === "value" ? (a.value ? "v" : "") : a.value.replace(/\d+/g, "0")}`)
        .sort();
      parts.push(`<${node.localName} ${attributes.join(" ")}>`);
      for (const child of node.childNodes) visit(child);
      parts.push(`</${node.localName}>`);
    };
    visit(document.documentElement);
    return parts.join("");
  });
  return createHash("sha256").update(shape).digest("hex");
}
