import type { Config } from "@react-router/dev/config";

// The stock page of `npm run bench` (bench/stock-page/README.md): React Router's defaults, built outside build/.
export default {
  appDirectory: "app",
  ssr: true,
  buildDirectory: process.env.STOCK_BUILD_DIR ?? "../../.cache/bench-stock-page/build",
} satisfies Config;
