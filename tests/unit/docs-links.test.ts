import { describe, expect, it } from "vitest";
import { brokenLinks, headingIds, linkTargets, markdownFiles } from "../../scripts/doc-links.mjs";

describe("links in README.md and docs/", () => {
  it("reads README.md and every page under docs/", () => {
    const files = markdownFiles();
    expect(files).toContain("README.md");
    expect(files).toContain("docs/readings.md");
    expect(files).toContain("docs/decisions/README.md");
  });

  it("resolve inside the repository: every relative target exists, every anchor names a heading", () => {
    expect(markdownFiles().flatMap((file) => brokenLinks(file))).toEqual([]);
  });

  it("are read from the prose, not from code", () => {
    expect(
      linkTargets("See [ops](docs/operations.md#backups), ![logo](public/logo.svg) and `[not](a-link.md)`.\n```\n[nor](this.md)\n```\n"),
    ).toEqual(["docs/operations.md#backups", "public/logo.svg"]);
  });

  it("name headings by GitHub's ids", () => {
    expect(headingIds("# R6. Account rules\n## The registry alone, on PostgreSQL\n## `npm test`\n## Settings\n## Settings")).toEqual([
      "r6-account-rules",
      "the-registry-alone-on-postgresql",
      "npm-test",
      "settings",
      "settings-1",
    ]);
  });

  it("are refused when missing, outside the repository, absolute or to a heading that does not exist", () => {
    const files: Record<string, string> = {
      "README.md":
        "[a](docs/gone.md) [b](../shared/spec/README.md) [c](/etc/passwd) [d](docs/x.md#nowhere) [e](docs/x.md#here) [f](https://example.org)",
      "docs/x.md": "# Here\n",
    };
    const read = (file: string) => files[file] ?? "";
    const exists = (file: string) => file in files;
    expect(brokenLinks("README.md", read, exists)).toEqual([
      "README.md: docs/gone.md (no such file)",
      "README.md: ../shared/spec/README.md (outside the repository)",
      "README.md: /etc/passwd (an absolute path)",
      "README.md: docs/x.md#nowhere (no such heading)",
    ]);
  });
});
