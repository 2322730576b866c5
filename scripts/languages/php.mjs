// php in scripts/eval-languages.mjs: repositories and the symbol oracle (issue 41, to come).
export default {
  language: "php",
  extensions: [],
  repos: [],
  oracle: undefined,
  oracleName: () => "",
  scope: "",
};
