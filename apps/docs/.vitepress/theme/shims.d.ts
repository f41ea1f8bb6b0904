// The theme's single-file components, typed for tsc (VitePress compiles them).
declare module '*.vue' {
  import type { DefineComponent } from 'vue'

  const component: DefineComponent
  export default component
}
