import { defineConfig } from 'vite';

// Served by the API at /desk/. JSX compiles to Preact's automatic runtime (tsconfig: jsxImportSource).
export default defineConfig({
  base: '/desk/',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
