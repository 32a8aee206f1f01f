import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** `error instanceof RegistryUnavailableError` outside app/registry/: use reach or answerOr (decision 115). */
const UNAVAILABLE_CATCH = [
  {
    selector: "BinaryExpression[operator='instanceof'][right.name='RegistryUnavailableError']",
    message: "Wrap the registry call in reach() or answerOr() from ~/registry/reach.server (decision 115).",
  },
];

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * No sideways feature imports (decision 130): a module of app/features/X never imports app/features/Y, statically, by a
 * dynamic import() or as a type. What two features share goes down a layer (app/components, app/platform, app/forms,
 * app/texts, or registry/contract); a route that shows two features' work passes one's into the other.
 * @type {import("eslint").Rule.RuleModule}
 */
const noSidewaysFeatureImports = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      sideways:
        "app/features/{{feature}} must not import app/features/{{other}} (decision 130): move what both use down a layer (app/components, app/platform, app/forms, app/texts, registry/contract), or let the route pass it in.",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join("/");
    const feature = /^app\/features\/([^/]+)\//.exec(file)?.[1];
    if (!feature) return {};
    /** @param {any} source */
    const check = (source) => {
      const spec = source?.type === "Literal" ? source.value : source?.type === "TemplateLiteral" ? source.quasis[0]?.value.cooked : undefined;
      if (typeof spec !== "string") return;
      const target = spec.startsWith("~/") ? `app/${spec.slice(2)}` : spec.startsWith(".") ? path.posix.join(path.posix.dirname(file), spec) : null;
      const other = target ? /^app\/features\/([^/]+)/.exec(target)?.[1] : undefined;
      if (other && other !== feature) context.report({ node: source, messageId: "sideways", data: { feature, other } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      /** @param {any} node `import("…").Type` */
      TSImportType: (node) => check(node.argument?.literal ?? node.argument),
    };
  },
};

export default tseslint.config(
  { ignores: ["build/**", "build-*/**", "node_modules/**", ".cache/**", "bench/results/**", "test-results/**", ".react-router/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": "off",
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    // Browser code must not pull zod schemas into the bundle: import the contract's plain modules directly.
    files: ["app/components/**/*.tsx", "app/features/**/*.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "registry/contract(/(index|schemas|screening|accounts|registration|envelope))?$",
              allowTypeImports: true,
              message:
                "Components run in the browser: import the contract's plain modules (enums, phone, us-states, limits) so zod stays out of the bundle.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/routes/**/*.tsx", "app/features/**/*.ts"],
    ignores: ["app/features/**/*.server.ts", "app/features/**/*.test.ts", "app/features/accounts/*-form.ts", "app/features/labs/update-labs-form.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "registry/contract$", message: "Import registry/contract/enums (or another plain module) so zod stays out of the browser." },
          ],
        },
      ],
    },
  },
  {
    // The registry stands alone (README "The registry alone"): it never imports the portal. Rules both use live in
    // registry/contract/.
    files: ["registry/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|(\\.\\./)+(app|server|config)(/|$))",
              message: "registry/ must not import the portal (app/, server/, config/): move the shared rule into registry/contract/.",
            },
          ],
        },
      ],
    },
  },
  {
    // A registry that cannot be reached is handled through reach/answerOr (app/registry/reach.server.ts, decision 115),
    // not by catching RegistryUnavailableError again in each route and feature.
    files: ["app/**/*.server.{ts,tsx}"],
    ignores: ["app/registry/**", "app/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...UNAVAILABLE_CATCH] },
  },
  {
    // No translation library in the browser (decision 059): pages translate with the texts their loaders send.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value=/^(react-|remix-)?i18next(\\/|$)/]",
          message: "Browser code translates with useTranslation from ~/texts/use-translation (docs/decisions/059).",
        },
        // The root renders the document title and no <Meta> (decision 080): a route's `meta` export would be ignored.
        ...UNAVAILABLE_CATCH,
        ...[
          "ExportNamedDeclaration > FunctionDeclaration[id.name='meta']",
          "ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name='meta']",
        ].map((selector) => ({
          selector,
          message: "Titles come from the route's handle (titleKey or title), rendered by DocumentTitle; there is no <Meta> (decision 080).",
        })),
      ],
    },
  },
  {
    // Layers point one way: routes -> features -> the shared layers below them (platform, components, enhance, forms,
    // texts, registry client). A shared layer that needs a feature's rule takes it as a parameter (decision 100).
    files: ["app/{platform,components,enhance,forms,texts,registry}/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/features|(\\.\\./)+features)(/|$)",
              message: "The shared layers sit below the features: pass the feature's rule or data in as a parameter instead.",
            },
          ],
        },
      ],
    },
  },
  {
    // Features sit side by side (decision 130); their tests may drive several (an integration test sets up with another
    // feature's action).
    files: ["app/features/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    plugins: { portal: { rules: { "no-sideways-feature-imports": noSidewaysFeatureImports } } },
    rules: { "portal/no-sideways-feature-imports": "error" },
  },
  { files: ["scripts/**/*.mjs", "bench/**/*.mjs"], rules: { "no-console": "off" } },
);
