// Real data a Debian package ships (Reuters-21578 in r-cran-tm, DowJones30 in r-cran-fbasics), for
// the realism CLIs: the package is fetched with `apt-get download` into a directory of .local/
// (git-ignored) and unpacked there on first use, then read from there.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** `pkg` unpacked under `dir`/root (fetched first if its .deb is not there): the root and the package's version. */
export function unpackedPackage(pkg: string, dir: string): { root: string; version: string } {
  mkdirSync(dir, { recursive: true });
  const debOf = () => readdirSync(dir).find((f) => f.startsWith(`${pkg}_`) && f.endsWith(".deb"));
  if (!debOf()) {
    try {
      execFileSync("apt-get", ["download", pkg], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    } catch {
      throw new Error(`apt-get download ${pkg} failed (run \`apt-get update\` first?)`);
    }
  }
  const deb = debOf();
  if (!deb) throw new Error(`apt-get download ${pkg} left no .deb in ${dir}`);
  const root = join(dir, "root");
  if (!existsSync(root)) execFileSync("dpkg-deb", ["-x", join(dir, deb), root]);
  const version = execFileSync("dpkg-deb", ["-f", join(dir, deb), "Version"], { encoding: "utf8" }).trim();
  return { root, version };
}
