// Print, as JSON {"pyscript/web.py": "source", ...}, the Python package that PyScript
// writes into Pyodide's working directory at every start-up (it carries it as a JS object
// literal in its core chunk). build.py compiles it to bytecode with the page's modules,
// so the page does not compile it on each load. Run by build.py:
//
//     node tools/pyscript_python.mjs CORE_CHUNK_JS
//
// Prints {} when the chunk holds no such literal (another PyScript version): the page
// then compiles the package itself, as before.
import { readFileSync } from "node:fs";
import vm from "node:vm";

const code = readFileSync(process.argv[2], "utf8");
const start = code.indexOf('(".",{pyscript:{');
const files = {};
if (start >= 0) {
  let end = start + 5, depth = 0, quote = null;  // the literal's closing brace
  for (; end < code.length; end++) {
    const c = code[end];
    if (quote) {
      if (c === "\\") end++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) break;
  }
  // A literal of strings and objects only: evaluated in an empty context.
  const tree = vm.runInNewContext(`(${code.slice(start + 5, end + 1)})`, {}, { timeout: 1000 });
  (function walk(node, prefix) {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === "string") files[prefix + name] = value;
      else if (value && typeof value === "object") walk(value, `${prefix}${name}/`);
    }
  })(tree, "");
}
console.log(JSON.stringify(files));
