/**
 * The environment variable that keeps the NODE_ENV the operator set (server/boot.ts sets NODE_ENV=production for
 * the libraries before the portal loads). Empty when the operator set none.
 */
export const OPERATOR_NODE_ENV = "PORTAL_OPERATOR_NODE_ENV";

/** The process environment as the operator gave it: NODE_ENV as they set it, not as server/boot.ts left it. */
export function operatorEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const operator = env[OPERATOR_NODE_ENV];
  if (operator === undefined) return { ...env };
  const { [OPERATOR_NODE_ENV]: _kept, ...rest } = env;
  return { ...rest, NODE_ENV: operator === "" ? undefined : operator };
}
