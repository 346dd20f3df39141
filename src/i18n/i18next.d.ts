// gatsby-config sets i18next's `returnNull: false`, so t() always returns a string; tell
// the types (i18next 22 otherwise types t()'s result as string | null).
import "i18next";

declare module "i18next" {
  interface CustomTypeOptions {
    returnNull: false;
  }
}
