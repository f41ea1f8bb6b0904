// The stylesheet's type declarations: `import '@rampkit/react/styles.css'` is a side-effect import
// a bundler handles, and TypeScript (6: noUncheckedSideEffectImports) needs a module to resolve.
export {}
