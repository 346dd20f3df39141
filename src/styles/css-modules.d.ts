// Gatsby 5 compiles CSS modules to named exports: `import * as styles from "./x.module.css"`.
declare module "*.module.css" {
  const classes: { readonly [className: string]: string };
  export = classes;
}

// react-toastify's stylesheet, loaded as a file with its unstyled build (shop/toast-outlet.tsx)
declare module "react-toastify/ReactToastify.css";
