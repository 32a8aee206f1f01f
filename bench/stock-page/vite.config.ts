import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Vite's and React Router's default build settings: no minifier options, no manual chunks, no target.
export default defineConfig({
  plugins: [reactRouter()],
});
